import { join } from 'node:path'
import type { ServerFeatures } from '@serving-console/contract'
import type { FastifyInstance } from 'fastify'
import type { Config } from '../config.js'
import type { Db } from '../platform/db/database.js'
import { AuditLog } from './audit/audit-log.js'
import { installAudit } from './audit/audit-plugin.js'
import { AuditReader } from './audit/audit-reader.js'
import { KeyStore } from './auth/api-keys.js'
import { fileDirectory, loadAuthFile } from './auth/auth-file.js'
import { installAuth } from './auth/auth-plugin.js'
import { Authenticator } from './auth/authenticator.js'
import { FailureBans } from './auth/failure-bans.js'
import { loadTokenSecret } from './auth/token-secret.js'
import { storeDirectory, UserStore } from './auth/user-store.js'
import { auditRoutes } from './routes/audit.js'
import { keyRoutes } from './routes/keys.js'
import { securityRoutes } from './routes/security.js'
import { setupRoutes } from './routes/setup.js'
import { tokenRoutes } from './routes/token.js'
import { userRoutes } from './routes/users.js'

/**
 * Who signs users in: upstream's auth file (`--auth-config`, read as it is), the built-in user store (`--auth`,
 * with keys and bans), or nobody (everything open).
 */
export type AuthMode =
  { kind: 'auth-file'; settings: ReturnType<typeof fileDirectory> } | { kind: 'user-store' } | { kind: 'off' }

/** The configuration's auth mode; a bad auth file throws a ConfigError naming the problem. */
export function authMode(config: Pick<Config, 'authConfig' | 'authStore'>): AuthMode {
  if (config.authConfig)
    return { kind: 'auth-file', settings: fileDirectory(loadAuthFile(config.authConfig)) }
  return config.authStore ? { kind: 'user-store' } : { kind: 'off' }
}

/** What the administration routes answer where the mode has nothing of theirs. */
const REFUSALS = {
  'auth-file': {
    setup: 'This server signs its users in from its auth file (--auth-config): there is nothing to set up.',
    users: 'This server signs its users in from its auth file (--auth-config): users are managed there.',
    keys: 'This server signs its users in from its auth file (--auth-config): it has no API keys or bans of its own.',
  },
  off: {
    setup: 'This server runs without authentication: there is nothing to set up (start it with --auth).',
    users: 'This server runs without authentication: it has no users (start it with --auth).',
    keys: 'This server runs without authentication: it has no API keys or bans (start it with --auth).',
  },
  // The store has them all: nothing is refused for want of one.
  'user-store': { setup: '', users: '', keys: '' },
} as const

export interface AdminOptions {
  mode: AuthMode
  db: Db
  dataDir: string
  warn: (line: string) => void
  /** A running model's name and type, for the trail and for keys limited to a type (asked when a request comes). */
  modelOf: (uid: string) => { name: string; type: string } | undefined
}

/** What the rest of the platform is told of the administration (the cluster's info answers it). */
export interface Administration {
  authEnabled: boolean
  administration: ServerFeatures['administration']
  /** The user store and its keys, for what is kept per user and key (limits); null without one, and why. */
  store: { users: UserStore; keys: KeyStore } | null
  noStoreReason: string
}

/**
 * Administration, in one piece: sign-in, first-run set-up, users, API keys, bans and the audit trail, with the
 * auth and audit hooks every route passes. Installed on the root instance (not an encapsulated plugin), so the
 * hooks cover every route registered after it, the platform's included.
 */
export async function installAdmin(app: FastifyInstance, options: AdminOptions): Promise<Administration> {
  const { mode, db, dataDir, warn, modelOf } = options
  const audit = new AuditLog(db)
  const store = mode.kind === 'user-store' ? new UserStore(db) : null
  const keys = store ? new KeyStore(db) : null
  const bans = store ? new FailureBans(store.rateLimits(), Date.now, (ban) => audit.recordBan(ban)) : null
  const users =
    mode.kind === 'auth-file'
      ? mode.settings
      : store && keys
        ? storeDirectory(store, keys, loadTokenSecret(dataDir, store, warn))
        : null
  const authenticator = users ? new Authenticator(users.tokens, users.directory, users.keys) : null

  installAuth(app, authenticator, { bans: bans ?? undefined, modelTypeOf: (uid) => modelOf(uid)?.type })
  installAudit(app, audit, modelOf)

  const refusals = REFUSALS[mode.kind]
  await app.register(tokenRoutes, { authenticator, store, bans })
  await app.register(setupRoutes, { store, reason: refusals.setup })
  await app.register(userRoutes, { store, reason: refusals.users })
  await app.register(keyRoutes, {
    store: store && keys && bans ? { users: store, keys, bans } : null,
    reason: refusals.keys,
  })
  await app.register(securityRoutes, { bans, reason: refusals.keys })
  const reader = new AuditReader(join(dataDir, 'platform.db'))
  app.addHook('onClose', async () => {
    await reader.close()
  })
  await app.register(auditRoutes, { reader })
  return {
    authEnabled: authenticator !== null,
    administration: store ? 'users' : mode.kind === 'auth-file' ? 'auth_file' : 'off',
    store: store && keys ? { users: store, keys } : null,
    noStoreReason: refusals.users,
  }
}
