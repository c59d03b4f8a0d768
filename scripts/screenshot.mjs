// Screenshots of console screens for a person to look at:
//   node scripts/screenshot.mjs http://127.0.0.1:9997/ui/ out-dir WIDTH '#/route' ['#/route' …]
import { chromium } from '@playwright/test'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'

const [base, outDir, width, ...routes] = process.argv.slice(2)
mkdirSync(outDir, { recursive: true })
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
})
const page = await browser.newPage({ viewport: { width: Number(width), height: 800 } })
for (const route of routes) {
  await page.goto(new URL(route, base).href)
  await page.waitForTimeout(800)
  const file = join(outDir, `${route.replace(/\W+/g, '_').replace(/^_|_$/g, '') || 'root'}-${width}.png`)
  await page.screenshot({ path: file })
  console.log(file)
}
await browser.close()
