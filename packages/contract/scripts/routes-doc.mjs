// Writes docs/routes.md from the built route table (run through `npm run routes-doc`, which builds first).
import { writeFileSync } from 'node:fs'
import { renderRoutesDoc } from '../dist/index.js'

const target = new URL('../../../docs/routes.md', import.meta.url)
writeFileSync(target, renderRoutesDoc())
console.log(`wrote ${target.pathname}`)
