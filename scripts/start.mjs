// `npm start -- FLAGS`: build what is missing or stale, then run the platform in this process's place.
import { spawn } from 'node:child_process'
import { buildIfNeeded } from './build-if-needed.mjs'

buildIfNeeded()
const server = spawn(process.execPath, ['packages/server/dist/main.js', ...process.argv.slice(2)], {
  stdio: 'inherit',
})
// Ctrl-C reaches the server through the terminal's process group. A SIGTERM sent to npm (a supervisor stopping it)
// reaches this process because package.json's script `exec`s it: npm passes signals to the shell it runs scripts
// in, and a shell that is not replaced dies without passing them on. From here it goes to the server.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
