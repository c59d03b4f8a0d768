import { readFileSync } from 'node:fs'
import { Scope } from '@serving-console/contract'
import * as z from 'zod/mini'
import '../../http/zod-messages.js'
import { ConfigError } from '../../config.js'
import type { TokenSettings, UserDirectory } from './authenticator.js'
import { secretsEqual } from './secrets.js'

/** The algorithms jose signs with a shared secret; upstream's default is HS256. */
const ALGORITHMS = ['HS256', 'HS384', 'HS512'] as const

/** Upstream Xinference's classic `--auth-config` file. */
const AuthFile = z.object({
  auth_config: z.object({
    algorithm: z._default(z.enum(ALGORITHMS), 'HS256'),
    secret_key: z.string().check(z.minLength(16, 'must be at least 16 characters')),
    token_expire_in_minutes: z.number().check(z.positive()),
  }),
  user_config: z
    .array(
      z.object({
        username: z.string().check(z.minLength(1)),
        password: z.string().check(z.minLength(1)),
        permissions: z.array(Scope),
        api_keys: z._default(z.array(z.string().check(z.minLength(8, 'must be at least 8 characters'))), []),
      }),
    )
    .check(z.minLength(1, 'must list at least one user')),
})

export type AuthSettings = z.infer<typeof AuthFile>
type FileUser = AuthSettings['user_config'][number]

/** Reads and checks the file; any problem stops start-up with a message naming the file and the field. */
export function loadAuthFile(path: string): AuthSettings {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (error) {
    throw new ConfigError(`cannot read --auth-config ${path}: ${(error as Error).message}`)
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    throw new ConfigError(`--auth-config ${path} is not valid JSON: ${(error as Error).message}`)
  }
  const parsed = AuthFile.safeParse(json)
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.') || '(file)'}: ${issue.message}`,
    )
    throw new ConfigError(`--auth-config ${path} is invalid:\n  ${problems.join('\n  ')}`)
  }
  const settings = parsed.data
  const names = new Set<string>()
  const keys = new Set<string>()
  for (const user of settings.user_config) {
    if (names.has(user.username))
      throw new ConfigError(`--auth-config ${path}: user "${user.username}" twice`)
    names.add(user.username)
    for (const key of user.api_keys) {
      if (keys.has(key)) throw new ConfigError(`--auth-config ${path}: an api key is given to two users`)
      keys.add(key)
    }
  }
  return settings
}

/** The file's users as they are, and how the file says to sign tokens. */
export function fileDirectory(settings: AuthSettings): {
  tokens: TokenSettings
  directory: UserDirectory
  keys?: undefined
} {
  const users = new Map<string, FileUser>(settings.user_config.map((user) => [user.username, user]))
  const keys = settings.user_config.flatMap((user) =>
    user.api_keys.map((key): [string, FileUser] => [key, user]),
  )
  return {
    tokens: {
      algorithm: settings.auth_config.algorithm,
      secret: settings.auth_config.secret_key,
      expireMinutes: settings.auth_config.token_expire_in_minutes,
    },
    directory: {
      checkPassword: (username, password) => {
        const user = users.get(username)
        const matches = secretsEqual(password, user?.password ?? '\u0000 no such user')
        return Promise.resolve(user && matches ? user : null)
      },
      current: ({ sub }) => users.get(sub),
      keyOwner: (token) => keys.find(([key]) => secretsEqual(token, key))?.[1],
    },
  }
}
