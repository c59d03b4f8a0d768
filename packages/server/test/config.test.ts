import { homedir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, defaultMaxWorkers, parseCommandLine, usage } from '../src/config.js'

function config(argv: string[], env: NodeJS.ProcessEnv = {}) {
  const parsed = parseCommandLine(argv, env)
  if (parsed.help) throw new Error('expected a config')
  return parsed.config
}

describe('command line', () => {
  it('has upstream-like defaults', () => {
    const defaults = config([])
    expect(defaults.host).toBe('127.0.0.1')
    expect(defaults.port).toBe(9997)
    expect(defaults.dataDir).toBe(join(homedir(), '.serving-console'))
    expect(defaults.logLevel).toBe('info')
  })

  it('takes flags over environment variables over defaults', () => {
    const env = { SERVING_CONSOLE_PORT: '8000', SERVING_CONSOLE_HOST: '0.0.0.0' }
    expect(config([], env).port).toBe(8000)
    expect(config(['--port', '9000'], env).port).toBe(9000)
    expect(config(['--port=9001'], env).host).toBe('0.0.0.0')
    expect(config(['--data-dir', 'rel/dir']).dataDir).toBe(join(process.cwd(), 'rel/dir'))
  })

  it('takes --endpoint (or SERVING_CONSOLE_ENDPOINT) for gateway mode, a plain http(s) address only', () => {
    expect(config([]).endpoint).toBeUndefined()
    expect(config(['--endpoint', 'http://10.0.0.5:9997/']).endpoint?.href).toBe('http://10.0.0.5:9997/')
    expect(config([], { SERVING_CONSOLE_ENDPOINT: 'https://xinf.example/base/' }).endpoint?.pathname).toBe(
      '/base',
    )
    for (const bad of ['10.0.0.5:9997', 'file:///etc/passwd', 'http://user:pw@host', 'http://host/?q=1']) {
      expect(() => config(['--endpoint', bad])).toThrow(ConfigError)
    }
    expect(() => config(['--endpoint', 'http://host', '--auth-config', 'auth.json'])).toThrow(
      /do not go together/,
    )
  })

  it("takes the gateway's own key of its cluster from the environment, with --endpoint only", () => {
    const endpoint = ['--endpoint', 'http://10.0.0.5:9997']
    expect(config(endpoint).endpointApiKey).toBeUndefined()
    expect(config(endpoint, { SERVING_CONSOLE_ENDPOINT_API_KEY: 'sk-abc123' }).endpointApiKey).toBe(
      'sk-abc123',
    )
    expect(() => config([], { SERVING_CONSOLE_ENDPOINT_API_KEY: 'sk-abc123' })).toThrow(
      /goes with --endpoint/,
    )
    for (const bad of ['sk abc', 'sk-\n', 'x'.repeat(513)])
      expect(() => config([...endpoint, '--endpoint-api-key', bad])).toThrow(/printable characters/)
  })

  it('takes the hardening flags: allowed hosts, model folders, the worker cap', () => {
    const defaults = config(['--data-dir', '/srv/sc'])
    expect(defaults.allowedHosts).toEqual([])
    expect(defaults.modelDirs).toEqual(['/srv/sc/models', homedir()])
    expect(defaults.maxWorkers).toBe(defaultMaxWorkers())
    const set = config([
      '--allowed-hosts',
      'GPU-Box, .lab.example',
      '--model-dirs',
      '/m1,rel',
      '--max-workers',
      '3',
    ])
    expect(set.allowedHosts).toEqual(['gpu-box', '.lab.example'])
    expect(set.modelDirs).toEqual(['/m1', join(process.cwd(), 'rel')])
    expect(set.maxWorkers).toBe(3)
    expect(config([], { SERVING_CONSOLE_ALLOWED_HOSTS: '*' }).allowedHosts).toEqual(['*'])
    expect(() => config(['--max-workers', '0'])).toThrow(/--max-workers must be an integer/)
    // Four per core, at most one per 512 MiB, at least one.
    expect(defaultMaxWorkers(2, 24 * 2 ** 30)).toBe(8)
    expect(defaultMaxWorkers(16, 2 * 2 ** 30)).toBe(4)
    expect(defaultMaxWorkers(1, 100 * 2 ** 20)).toBe(1)
  })

  it('refuses unknown flags and bad values with a clear message', () => {
    expect(() => config(['--bogus'])).toThrow(ConfigError)
    expect(() => config(['--port', 'x'])).toThrow(/--port must be an integer/)
    expect(() => config(['--port', '70000'])).toThrow(/--port must be an integer/)
    expect(() => config(['--log-level', 'loud'])).toThrow(/--log-level must be one of/)
  })

  it('answers --help with every flag and its environment variable', () => {
    expect(parseCommandLine(['--help'], {})).toEqual({ help: true })
    for (const word of [
      '--host',
      '--port',
      '--data-dir',
      '--log-level',
      '--allowed-hosts',
      '--model-dirs',
      '--max-workers',
      'SERVING_CONSOLE_PORT',
    ]) {
      expect(usage()).toContain(word)
    }
  })
})
