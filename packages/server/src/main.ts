#!/usr/bin/env node
import { buildApp } from './platform/app.js'
import { buildGatewayApp } from './gateway/app.js'
import { ConfigError, parseCommandLine, usage } from './config.js'

const SHUTDOWN_DEADLINE_MS = 10_000
/** Signals this close together are one. */
const REPEAT_WINDOW_MS = 1000

async function main() {
  let parsed
  try {
    parsed = parseCommandLine(process.argv.slice(2), process.env)
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`serving-console: ${error.message}`)
      process.exit(2)
    }
    throw error
  }
  if (parsed.help) {
    console.log(usage())
    return
  }
  const { config } = parsed

  let app
  try {
    app = config.endpoint
      ? await buildGatewayApp({ ...config, endpoint: config.endpoint })
      : await buildApp(config)
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`serving-console: ${error.message}`)
      process.exit(2)
    }
    throw error
  }
  try {
    await app.listen({ host: config.host, port: config.port })
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    const reason =
      code === 'EADDRINUSE'
        ? `port ${config.port} on ${config.host} is already in use; stop the other server or pick another --port.`
        : code === 'EACCES'
          ? `no permission to listen on ${config.host}:${config.port}; pick a port above 1023.`
          : code === 'EADDRNOTAVAIL'
            ? `${config.host} is not an address of this machine; check --host.`
            : (error as Error).message
    console.error(`serving-console: ${reason}`)
    await app.close()
    process.exit(1)
  }
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : config.port
  const shown = config.host.includes(':') ? `[${config.host}]` : config.host
  console.log(
    config.endpoint
      ? `Serving Console at http://${shown}:${port}/ui/ (gateway to the Xinference cluster at ${config.endpoint.href.replace(/\/$/, '')})`
      : `Serving Console at http://${shown}:${port}/ui/ (data in ${config.dataDir})`,
  )

  let closingSince: number | null = null
  const shutdown = (signal: NodeJS.Signals) => {
    if (closingSince !== null) {
      // The same signal twice at once is one stop delivered twice (a terminal's process group and `npm start`
      // passing it on, or a supervisor signalling every process of the service); a second one later means "now".
      if (Date.now() - closingSince < REPEAT_WINDOW_MS) return
      process.exit(1)
    }
    closingSince = Date.now()
    app.log.info({ signal }, 'shutting down')
    // Launches and streams are ended on close; should anything still hold on, the process goes anyway.
    setTimeout(() => {
      console.error(`serving-console: still closing after ${SHUTDOWN_DEADLINE_MS / 1000} s; exiting now.`)
      process.exit(1)
    }, SHUTDOWN_DEADLINE_MS).unref()
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error)
        process.exit(1)
      },
    )
  }
  process.on('SIGINT', shutdown)
  process.on('SIGTERM', shutdown)
}

await main()
