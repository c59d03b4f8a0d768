import {
  CLUSTER_MAX,
  type Cluster,
  type ClusterBrief,
  type ClusterChange,
  type ClusterCredentialInput,
  type ClusterInput,
  type ClusterStatus,
} from '@serving-console/contract'
import { HttpError } from '../http/http-error.js'
import { TIMEOUTS, type Timeouts } from '../http/timeouts.js'
import { ProfileDetector } from '../gateway/profile.js'
import { Upstream } from '../gateway/upstream.js'
import { GatewayWebUis } from '../gateway/web-ui.js'
import type { Db } from '../platform/db/database.js'
import { addressText, clusterAddress } from './address.js'
import { probeCluster } from './probe.js'
import { ClusterSession } from './session.js'

type Source = Cluster['source']
interface Row {
  name: string
  address: string
  source: Source
  credential_kind: ClusterCredentialInput['kind']
  username: string | null
  secret: string | null
  created_at: number
}

/** A cluster as a request reaches it (cluster-gateway.ts): the gateway's parts, and the credential kept for it. */
export interface Reach {
  name: string
  upstream: Upstream
  profiles: ProfileDetector
  pages: GatewayWebUis
  session: ClusterSession
}

/** One cluster as the server holds it: its settings, how it reaches it, and what it last found there. */
interface Held extends Reach {
  row: Row
  status: ClusterStatus
}

const credentialOf = (row: Row): ClusterCredentialInput =>
  row.credential_kind === 'api_key'
    ? { kind: 'api_key', api_key: row.secret ?? '' }
    : row.credential_kind === 'password'
      ? { kind: 'password', username: row.username ?? '', password: row.secret ?? '' }
      : { kind: 'none' }

const unprobed = (): ClusterStatus => ({
  state: 'down',
  kind: null,
  version: null,
  detail: 'Not asked yet',
  checked_at: Math.floor(Date.now() / 1000),
  latency_ms: null,
})

/** How often every cluster is asked whether it answers (docs/clusters.md). */
export const CLUSTER_WATCH_MS = 30_000

const invalid = (field: string, detail: string) => new HttpError(422, `${field} ${detail}`)

/**
 * The clusters this server holds besides its own platform (docs/clusters.md): kept in SQLite, those of
 * `--clusters` written there at each start (their address is the command line's, their credential the console's).
 * Each is reached through the gateway's own parts — one connection pool confined to its address, the version
 * detected as the gateway does — with the credential an administrator gave for it.
 */
export class Clusters {
  private readonly held = new Map<string, Held>()
  readonly timeouts: Timeouts
  private watching: NodeJS.Timeout | null = null
  private probing: Promise<void> | null = null

  constructor(
    private readonly db: Db,
    commandLine: readonly { name: string; address: URL }[] = [],
    timeouts: Partial<Timeouts> = {},
  ) {
    this.timeouts = { ...TIMEOUTS, ...timeouts }
    this.db.transaction(() => {
      // A cluster no longer on the command line stays, the console's to change or remove from now on.
      this.db.run("UPDATE clusters SET source = 'console' WHERE source = 'command_line'")
      for (const { name, address } of commandLine) {
        const text = addressText(address)
        this.db.run('DELETE FROM clusters WHERE address = ? AND name <> ?', text, name)
        this.db.run(
          // A credential goes only to the address it was given for: moved on the command line, it is forgotten.
          `INSERT INTO clusters (name, address, source, credential_kind, created_at)
             VALUES (?, ?, 'command_line', 'none', ?)
           ON CONFLICT (name) DO UPDATE SET
             source = 'command_line',
             credential_kind = CASE WHEN address = excluded.address THEN credential_kind ELSE 'none' END,
             username = CASE WHEN address = excluded.address THEN username END,
             secret = CASE WHEN address = excluded.address THEN secret END,
             address = excluded.address`,
          name,
          text,
          Date.now(),
        )
      }
    })
    for (const row of this.db.all('SELECT * FROM clusters ORDER BY created_at, name') as Row[]) this.hold(row)
  }

  /** In the order they were added. */
  list(): Cluster[] {
    return [...this.held.values()]
      .sort((a, b) => a.row.created_at - b.row.created_at || a.row.name.localeCompare(b.row.name))
      .map((held) => this.view(held))
  }

  /** Every cluster by name and what was last found there, for everyone who sees models. */
  states(): ClusterBrief[] {
    return this.list().map(({ name, status }) => ({ name, status }))
  }

  /** The cluster a request names, to send it there; 404 when there is none of that name. */
  reach(name: string): Reach {
    return this.get(name)
  }

  /** The clusters last found up, to look a model up on (model-routing.ts). */
  up(): Reach[] {
    return [...this.held.values()].filter((held) => held.status.state === 'up')
  }

  /** Adds a cluster and asks it at once; one that does not answer is kept, and shown down. */
  async add(input: ClusterInput): Promise<Cluster> {
    const address = this.address(input.address)
    if (this.held.has(input.name)) throw new HttpError(409, `There is a cluster called ${input.name} already`)
    this.assertAddressFree(address, null)
    if (this.held.size >= CLUSTER_MAX)
      throw new HttpError(409, `This server holds at most ${CLUSTER_MAX} clusters: remove one first`)
    const row: Row = {
      name: input.name,
      address,
      source: 'console',
      ...this.credentialColumns(input.credential),
      created_at: Date.now(),
    }
    this.db.run(
      `INSERT INTO clusters (name, address, source, credential_kind, username, secret, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      row.name,
      row.address,
      row.source,
      row.credential_kind,
      row.username,
      row.secret,
      row.created_at,
    )
    return this.view(await this.probe(this.hold(row)))
  }

  /**
   * Renames a cluster or changes its address or credential, then asks it again. A cluster of the command line keeps
   * its name and address there: only its credential changes here.
   */
  async change(name: string, change: ClusterChange): Promise<Cluster> {
    const held = this.get(name)
    const { row } = held
    const renamed = change.name !== undefined && change.name !== row.name
    const address = change.address === undefined ? row.address : this.address(change.address)
    if (row.source === 'command_line' && (renamed || address !== row.address))
      throw new HttpError(
        409,
        `${name} is given on the command line (--clusters): change its name or address there`,
      )
    // A kept key or password goes only to the address it was given for: a new address needs it given again (else
    // whoever may change the address could send it anywhere).
    if (address !== row.address && row.credential_kind !== 'none' && !change.credential)
      throw invalid(
        'credential',
        'must be given again with a new address: a kept credential goes only to the address it was given for',
      )
    if (renamed && this.held.has(change.name as string))
      throw new HttpError(409, `There is a cluster called ${String(change.name)} already`)
    this.assertAddressFree(address, name)
    const next: Row = {
      ...row,
      name: change.name ?? row.name,
      address,
      ...(change.credential ? this.credentialColumns(change.credential) : {}),
    }
    this.db.run(
      `UPDATE clusters SET name = ?, address = ?, credential_kind = ?, username = ?, secret = ? WHERE name = ?`,
      next.name,
      next.address,
      next.credential_kind,
      next.username,
      next.secret,
      name,
    )
    void this.release(name)
    return this.view(await this.probe(this.hold(next)))
  }

  /** Removes a cluster from this server; what runs there keeps running. */
  remove(name: string): void {
    const held = this.get(name)
    if (held.row.source === 'command_line')
      throw new HttpError(409, `${name} is given on the command line (--clusters): remove it there`)
    this.db.run('DELETE FROM clusters WHERE name = ?', name)
    void this.release(name)
  }

  /** Asks a cluster now. */
  async test(name: string): Promise<Cluster> {
    return this.view(await this.probe(this.get(name)))
  }

  /** Asks every cluster (at start, in the background): none waits on another. */
  probeAll(): Promise<void> {
    return (this.probing ??= Promise.all([...this.held.values()].map((held) => this.probe(held)))
      .then(() => undefined)
      .finally(() => (this.probing = null)))
  }

  /**
   * Asks every cluster now and then, so what every list shows of a cluster (up, down, refused) is at most this
   * old; a request that finds one down says so at once in its own answer.
   */
  watch(everyMs = CLUSTER_WATCH_MS): void {
    void this.probeAll()
    this.watching ??= setInterval(() => void this.probeAll(), everyMs).unref()
  }

  async close(): Promise<void> {
    if (this.watching) clearInterval(this.watching)
    this.watching = null
    await Promise.all([...this.held.keys()].map((name) => this.release(name)))
  }

  private get(name: string): Held {
    const held = this.held.get(name)
    if (!held) throw new HttpError(404, `No cluster called ${name}`)
    return held
  }

  private hold(row: Row): Held {
    const upstream = new Upstream(new URL(row.address), this.timeouts, row.name)
    const held: Held = {
      name: row.name,
      row,
      upstream,
      pages: new GatewayWebUis(),
      profiles: new ProfileDetector(upstream),
      session: new ClusterSession(upstream, credentialOf(row)),
      status: unprobed(),
    }
    this.held.set(row.name, held)
    return held
  }

  private release(name: string): Promise<void> {
    const held = this.held.get(name)
    this.held.delete(name)
    return held ? held.upstream.close() : Promise.resolve()
  }

  private address(text: string): string {
    const url = clusterAddress(text)
    if (typeof url === 'string') throw invalid('address', url)
    return addressText(url)
  }

  private assertAddressFree(address: string, except: string | null): void {
    for (const [name, held] of this.held)
      if (name !== except && held.row.address === address)
        throw new HttpError(409, `${address} is the cluster ${name} already`)
  }

  private credentialColumns(credential: ClusterCredentialInput) {
    return credential.kind === 'api_key'
      ? { credential_kind: credential.kind, username: null, secret: credential.api_key }
      : credential.kind === 'password'
        ? { credential_kind: credential.kind, username: credential.username, secret: credential.password }
        : { credential_kind: credential.kind, username: null, secret: null }
  }

  /** Asks a cluster now (probe.ts), keeping what it found. */
  private async probe(held: Held): Promise<Held> {
    held.status = await probeCluster(held, held.status, this.timeouts.clusterProbeMs)
    return held
  }

  private view(held: Held): Cluster {
    const { row } = held
    return {
      name: row.name,
      address: row.address,
      credential: { kind: row.credential_kind, username: row.username },
      source: row.source,
      status: held.status,
      created_at: Math.floor(row.created_at / 1000),
    }
  }
}
