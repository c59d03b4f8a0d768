import { chmodSync, existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { SignJWT } from 'jose'
import { describe, expect, it } from 'vitest'
import { TOKEN_SECRET_FILE } from '../src/admin/auth/token-secret.js'
import { openSqlite } from '../src/platform/db/sqlite.js'
import { privateFile } from '../src/platform/files/private-data.js'
import { signIn, tempDir, testApp, testConfig } from './helper.js'
import { as, FIRST, storeApp } from './store-helper.js'

const mode = (path: string) => statSync(path).mode & 0o777

describe('secrets at rest', () => {
  it(
    'the data dir is 0700, the database and the token secret 0600, the secret not in the database',
    { timeout: 30_000 },
    async () => {
      const dataDir = join(tempDir(), 'fresh')
      const { app } = await storeApp({ ...testConfig(), dataDir, authStore: true })
      await app.inject({ url: '/v1/models', headers: as(await signIn(app, FIRST)) })
      expect(mode(dataDir)).toBe(0o700)
      for (const file of ['platform.db', 'platform.db-wal', 'platform.db-shm', TOKEN_SECRET_FILE]) {
        const path = join(dataDir, file)
        expect(existsSync(path), file).toBe(true)
        expect(mode(path), file).toBe(0o600)
      }
      const secret = readFileSync(join(dataDir, TOKEN_SECRET_FILE), 'utf8').trim()
      expect(secret).toMatch(/^[\w-]{43}$/)
      const db = openSqlite(join(dataDir, 'platform.db'))
      const settings = JSON.stringify(db.all('SELECT * FROM settings'))
      db.close()
      expect(settings).not.toContain(secret)
    },
  )

  it(
    'a looser data dir and database are tightened at start, each named for the log',
    { timeout: 30_000 },
    async () => {
      const { config, app } = await storeApp()
      await app.close()
      chmodSync(config.dataDir, 0o755)
      chmodSync(join(config.dataDir, 'platform.db'), 0o644)
      chmodSync(join(config.dataDir, TOKEN_SECRET_FILE), 0o644)
      const again = await testApp(config)
      expect(mode(config.dataDir)).toBe(0o700)
      expect(mode(join(config.dataDir, 'platform.db'))).toBe(0o600)
      expect(mode(join(config.dataDir, TOKEN_SECRET_FILE))).toBe(0o600)
      // Nobody was signed out by the restart.
      expect(await signIn(again, FIRST)).toEqual(expect.any(String))
      // What the start-up logs (app.ts passes these lines to the log as warnings).
      const loose = join(tempDir(), 'loose')
      writeFileSync(loose, '')
      chmodSync(loose, 0o640)
      expect(privateFile(loose)).toBe(`${loose} was readable by other accounts (mode 640); it is 600 now`)
      expect(privateFile(loose)).toBeUndefined()
    },
  )

  it(
    'a secret an earlier version kept in the database is dropped, never signing again',
    { timeout: 30_000 },
    async () => {
      const { config, app } = await storeApp()
      await app.close()
      const path = join(config.dataDir, TOKEN_SECRET_FILE)
      const legacy = 'kept-by-an-earlier-version-0123456789abcdefgh'
      // As an earlier version left it: in the settings table, no file.
      const db = openSqlite(join(config.dataDir, 'platform.db'))
      db.run("INSERT INTO settings (key, value) VALUES ('token_secret', ?)", legacy)
      db.close()
      rmSync(path)
      const again = await testApp(config)
      const secret = readFileSync(path, 'utf8').trim()
      expect(secret).not.toBe(legacy)
      expect(mode(path)).toBe(0o600)
      const reopened = openSqlite(join(config.dataDir, 'platform.db'))
      expect(reopened.get("SELECT value FROM settings WHERE key = 'token_secret'")).toBeUndefined()
      reopened.close()
      const forged = await new SignJWT({ scopes: ['admin'] })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(FIRST.username)
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(new TextEncoder().encode(legacy))
      expect((await again.inject({ url: '/v1/models', headers: as(forged) })).statusCode).toBe(401)
    },
  )
})
