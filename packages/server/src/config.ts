import { availableParallelism, homedir, totalmem } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import proxyAddr from '@fastify/proxy-addr'
import { ClusterName } from '@serving-console/contract'
import { clusterAddress } from './clusters/address.js'
import type { Timeouts } from './http/timeouts.js'

export interface Config {
  host: string
  port: number
  dataDir: string
  logLevel: LogLevel
  /** Folder of the console build that is served at /ui/. */
  consoleDir: string
  /** Upstream's classic auth file: its users sign in, as they are. */
  authConfig?: string | undefined
  /** Sign-in with the built-in user store in the data dir (`--auth`); an auth file, when given, is used instead. */
  authStore?: boolean | undefined
  /** llama.cpp threads per worker process. */
  threads: number
  /** Hub base addresses (tests point them at a local server). */
  hfEndpoint: string
  modelscopeEndpoint: string
  /** Host names answered besides loopback names and IP addresses; `*` answers any (DNS rebinding guard). */
  allowedHosts: string[]
  /** Folders custom models may be loaded from; nothing outside them is read. */
  modelDirs: string[]
  /** The most model worker processes at once, all models and replicas together. */
  maxWorkers: number
  /** Download tasks at once (docs/downloads.md); the rest wait. Default DEFAULT_MAX_DOWNLOADS. */
  maxDownloads?: number | undefined
  /** Space kept free on the cache's disk: a download that would eat into it is refused. Default 1 GiB. */
  cacheReserveBytes?: number | undefined
  /** Gateway mode: the upstream Xinference supervisor every API call goes to; the embedded platform is off. */
  endpoint?: URL | undefined
  /** Gateway mode: an API key of the cluster for the gateway's own reads (its alerts), where the cluster signs in. */
  endpointApiKey?: string | undefined
  /** Clusters held besides the platform, from `--clusters` (docs/clusters.md); more are added in the console. */
  clusters?: { name: string; address: URL }[] | undefined
  /**
   * Reverse proxies whose `X-Forwarded-For`/`-Host`/`-Proto` are believed (addresses, CIDR ranges, or `loopback`,
   * `linklocal`, `uniquelocal`); none by default, so a client cannot claim another address.
   */
  trustProxy: string[]
  /** The limits of each phase of a request (timeouts.ts); tests shorten them. */
  timeouts?: Partial<Timeouts> | undefined
}

/**
 * A worker is a process holding a model in memory (~100 MB for a tiny model, gigabytes for real ones): by
 * default four per core and one per 512 MiB of memory, whichever is fewer.
 */
export function defaultMaxWorkers(cores = availableParallelism(), memoryBytes = totalmem()): number {
  return Math.max(1, Math.min(4 * cores, Math.floor(memoryBytes / 512 / 1024 ** 2)))
}

const list = (text: string) =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const
type LogLevel = (typeof LOG_LEVELS)[number]

/** Each flag, its environment variable and its default: the one table the CLI, --help and README follow. */
const OPTIONS = {
  host: { env: 'SERVING_CONSOLE_HOST', help: 'address to listen on', fallback: '127.0.0.1' },
  port: { env: 'SERVING_CONSOLE_PORT', help: 'port to listen on', fallback: '9997' },
  'data-dir': {
    env: 'SERVING_CONSOLE_DATA_DIR',
    help: 'folder for the database, model cache and logs (created on first start)',
    fallback: join(homedir(), '.serving-console'),
  },
  'log-level': { env: 'SERVING_CONSOLE_LOG_LEVEL', help: LOG_LEVELS.join(', '), fallback: 'info' },
  'auth-config': {
    env: 'SERVING_CONSOLE_AUTH_CONFIG',
    help: "upstream Xinference's auth file (auth_config + user_config); auth is off without one",
    fallback: '',
  },
  auth: {
    env: 'SERVING_CONSOLE_AUTH',
    help: 'sign-in with the built-in user store (kept in the data dir; the console asks for the first administrator); a flag, or 1/true in the variable',
    fallback: '',
  },
  threads: {
    env: 'SERVING_CONSOLE_THREADS',
    help: 'llama.cpp threads per model worker (more threads than free cores is far slower)',
    fallback: '1',
  },
  'hf-endpoint': { env: 'HF_ENDPOINT', help: 'Hugging Face hub address', fallback: 'https://huggingface.co' },
  'modelscope-endpoint': {
    env: 'MODELSCOPE_ENDPOINT',
    help: 'ModelScope hub address',
    fallback: 'https://www.modelscope.cn',
  },
  'allowed-hosts': {
    env: 'SERVING_CONSOLE_ALLOWED_HOSTS',
    help: "more host names to answer to, comma separated ('.example.com' for its subdomains, '*' for any); loopback names and IP addresses are always answered",
    fallback: '',
  },
  'model-dirs': {
    env: 'SERVING_CONSOLE_MODEL_DIRS',
    help: "folders custom models may be loaded from, comma separated; default the data dir's models/ folder and your home folder",
    fallback: '',
  },
  'max-workers': {
    env: 'SERVING_CONSOLE_MAX_WORKERS',
    help: 'most model worker processes at once (one per replica); default 4 per core, at most one per 512 MiB of memory',
    fallback: '',
  },
  'max-downloads': {
    env: 'SERVING_CONSOLE_MAX_DOWNLOADS',
    help: 'Download only tasks at once; the rest wait in the queue',
    fallback: '2',
  },
  'cache-reserve': {
    env: 'SERVING_CONSOLE_CACHE_RESERVE',
    help: "MiB kept free on the model cache's disk: a download that would eat into it is refused before it starts",
    fallback: '1024',
  },
  endpoint: {
    env: 'SERVING_CONSOLE_ENDPOINT',
    help: 'gateway mode: serve the console in front of this Xinference cluster (its supervisor, e.g. http://10.0.0.5:9997) instead of the embedded platform',
    fallback: '',
  },
  'endpoint-api-key': {
    env: 'SERVING_CONSOLE_ENDPOINT_API_KEY',
    help: "gateway mode: an API key of the cluster, for the gateway's own reads of it (its alerts) where the cluster signs users in; best given in the environment, which other accounts cannot read",
    fallback: '',
  },
  clusters: {
    env: 'SERVING_CONSOLE_CLUSTERS',
    help: 'Xinference clusters (or other Serving Console platforms) held besides the embedded platform, as name=address, comma separated (e.g. gpu=http://10.0.0.5:9997); their credentials are set in System → Clusters',
    fallback: '',
  },
  'trust-proxy': {
    env: 'SERVING_CONSOLE_TRUST_PROXY',
    help: "addresses of reverse proxies in front of this server whose X-Forwarded-For/-Host/-Proto to believe, comma separated (CIDR ranges, or 'loopback', 'linklocal', 'uniquelocal'); none by default",
    fallback: '',
  },
  'console-dir': {
    env: 'SERVING_CONSOLE_CONSOLE_DIR',
    help: 'folder of the console build to serve at /ui/',
    fallback: fileURLToPath(new URL('../../console/dist', import.meta.url)),
  },
} as const

type OptionName = keyof typeof OPTIONS

/** A problem with the command line or environment; main prints its message and exits with status 2. */
export class ConfigError extends Error {
  override name = 'ConfigError'
}

export function usage(): string {
  const width = Math.max(...Object.keys(OPTIONS).map((name) => name.length))
  const lines = Object.entries(OPTIONS).map(
    ([name, option]) =>
      `  --${name.padEnd(width)}  ${option.help}\n  ${' '.repeat(width + 4)}env ${option.env}${option.fallback ? `, default ${option.fallback}` : ''}`,
  )
  return [
    'Usage: serving-console [options]',
    '',
    'Starts the platform and serves the console at http://HOST:PORT/ui/.',
    '',
    'Options:',
    ...lines,
    `  --${'help'.padEnd(width)}  show this help`,
  ].join('\n')
}

export type ParsedCommandLine = { help: true } | { help: false; config: Config }

/** Reads flags first, then environment variables, then defaults. */
export function parseCommandLine(argv: readonly string[], env: NodeJS.ProcessEnv): ParsedCommandLine {
  let parsed
  try {
    parsed = parseArgs({
      args: [...argv],
      strict: true,
      options: {
        ...(Object.fromEntries(
          Object.keys(OPTIONS)
            .filter((name) => name !== 'auth')
            .map((name) => [name, { type: 'string' }]),
        ) as Record<Exclude<OptionName, 'auth'>, { type: 'string' }>),
        auth: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    })
  } catch (error) {
    throw new ConfigError(`${(error as Error).message}\nRun with --help to see the options.`)
  }
  if (parsed.values.help) return { help: true }

  const value = (name: Exclude<OptionName, 'auth'>): string =>
    parsed.values[name] ?? env[OPTIONS[name].env] ?? OPTIONS[name].fallback
  const authEnv = (env[OPTIONS.auth.env] ?? '').trim().toLowerCase()
  if (authEnv && !['1', 'true', 'yes', 'on', '0', 'false', 'no', 'off'].includes(authEnv)) {
    throw new ConfigError(`${OPTIONS.auth.env} must be 1/true or 0/false, got "${authEnv}".`)
  }
  const authStore = parsed.values.auth === true || ['1', 'true', 'yes', 'on'].includes(authEnv)

  const port = Number(value('port'))
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`--port must be an integer from 0 to 65535, got "${value('port')}".`)
  }
  const threads = Number(value('threads'))
  if (!Number.isInteger(threads) || threads < 1 || threads > 256) {
    throw new ConfigError(`--threads must be an integer from 1 to 256, got "${value('threads')}".`)
  }
  for (const name of ['hf-endpoint', 'modelscope-endpoint'] as const) {
    if (!URL.canParse(value(name))) throw new ConfigError(`--${name} must be a URL, got "${value(name)}".`)
  }
  const maxWorkersText = value('max-workers')
  const maxWorkers = maxWorkersText ? Number(maxWorkersText) : defaultMaxWorkers()
  if (!Number.isInteger(maxWorkers) || maxWorkers < 1 || maxWorkers > 4096) {
    throw new ConfigError(`--max-workers must be an integer from 1 to 4096, got "${maxWorkersText}".`)
  }
  const maxDownloads = Number(value('max-downloads'))
  if (!Number.isInteger(maxDownloads) || maxDownloads < 1 || maxDownloads > 16) {
    throw new ConfigError(`--max-downloads must be an integer from 1 to 16, got "${value('max-downloads')}".`)
  }
  const cacheReserve = Number(value('cache-reserve'))
  if (!Number.isInteger(cacheReserve) || cacheReserve < 0 || cacheReserve > 16 * 1024 ** 2) {
    throw new ConfigError(
      `--cache-reserve must be a whole number of MiB from 0 to 16777216, got "${value('cache-reserve')}".`,
    )
  }
  const logLevel = value('log-level')
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    throw new ConfigError(`--log-level must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}".`)
  }
  const endpoint = value('endpoint') ? parseEndpoint(value('endpoint')) : undefined
  if (endpoint && (value('auth-config') || authStore)) {
    throw new ConfigError(
      '--auth/--auth-config and --endpoint do not go together: in gateway mode the upstream cluster signs users in.',
    )
  }
  const endpointApiKey = value('endpoint-api-key') || undefined
  if (endpointApiKey !== undefined && !endpoint)
    throw new ConfigError("--endpoint-api-key goes with --endpoint: it is the gateway's key to its cluster.")
  if (endpointApiKey !== undefined && !/^[\x21-\x7e]{1,512}$/.test(endpointApiKey))
    throw new ConfigError('--endpoint-api-key must be 1 to 512 printable characters, without spaces.')
  const clusters = list(value('clusters')).map(parseCluster)
  if (endpoint && clusters.length > 0)
    throw new ConfigError(
      '--clusters and --endpoint do not go together: --endpoint makes a gateway to one cluster; without it the platform holds the clusters.',
    )
  if (new Set(clusters.map((cluster) => cluster.name)).size < clusters.length)
    throw new ConfigError('--clusters names each cluster once.')
  const trustProxy = list(value('trust-proxy'))
  try {
    proxyAddr.compile(trustProxy)
  } catch (error) {
    throw new ConfigError(
      `--trust-proxy takes addresses, CIDR ranges, loopback, linklocal or uniquelocal: ${(error as Error).message}.`,
    )
  }
  const dataDir = resolve(value('data-dir'))
  const modelDirs = list(value('model-dirs')).map((dir) => resolve(dir))
  return {
    help: false,
    config: {
      host: value('host'),
      port,
      dataDir,
      logLevel: logLevel as LogLevel,
      consoleDir: resolve(value('console-dir')),
      authConfig: value('auth-config') ? resolve(value('auth-config')) : undefined,
      authStore,
      threads,
      hfEndpoint: value('hf-endpoint'),
      modelscopeEndpoint: value('modelscope-endpoint'),
      allowedHosts: list(value('allowed-hosts')).map((host) => host.toLowerCase()),
      modelDirs: modelDirs.length > 0 ? modelDirs : [join(dataDir, 'models'), homedir()],
      maxWorkers,
      maxDownloads,
      cacheReserveBytes: cacheReserve * 1024 ** 2,
      endpoint,
      endpointApiKey,
      clusters,
      trustProxy,
    },
  }
}

/** An upstream supervisor's address: http(s), no credentials, query or fragment (they would leak or be ignored). */
/** One of `--clusters`: `name=address`. */
function parseCluster(text: string): { name: string; address: URL } {
  const at = text.indexOf('=')
  const name = text.slice(0, at).trim()
  if (at <= 0 || !ClusterName.safeParse(name).success)
    throw new ConfigError(
      `--clusters takes name=address, a name of letters, digits, dots, dashes and underscores; got "${text}".`,
    )
  const address = clusterAddress(text.slice(at + 1).trim())
  if (typeof address === 'string') throw new ConfigError(`--clusters: ${name}'s address ${address}.`)
  return { name, address }
}

function parseEndpoint(text: string): URL {
  const url = clusterAddress(text)
  if (typeof url === 'string') throw new ConfigError(`--endpoint ${url}.`)
  return url
}
