import * as z from 'zod/mini'

/*
 * Clusters (docs/clusters.md): the Xinference clusters — or other Serving Console platforms — this server holds
 * besides its own embedded platform, each with a name, its address, the credential the server talks to it with (kept
 * on the server, never answered), and what the server last found there.
 */

/** The most clusters one server holds (each is probed and, later, listed on every Running Models read). */
export const CLUSTER_MAX = 32

/** A cluster's name: short, and safe in a path and in `cluster/uid`. */
export const ClusterName = z
  .string()
  .check(
    z.minLength(1, 'a name is needed'),
    z.maxLength(64, 'at most 64 characters'),
    z.regex(
      /^[A-Za-z0-9][A-Za-z0-9._-]*$/,
      'letters, digits, dots, dashes and underscores, from a letter or digit',
    ),
  )

/**
 * How the server signs in to a cluster: nothing (a cluster without sign-in), an API key sent as a bearer token, or
 * a user name and password it signs in with (`POST /token`), renewing the session as the cluster asks.
 */
export const ClusterCredentialInput = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none') }),
  z.object({ kind: z.literal('api_key'), api_key: z.string().check(z.minLength(1), z.maxLength(512)) }),
  z.object({
    kind: z.literal('password'),
    username: z.string().check(z.minLength(1), z.maxLength(256)),
    password: z.string().check(z.minLength(1), z.maxLength(512)),
  }),
])
export type ClusterCredentialInput = z.infer<typeof ClusterCredentialInput>

export const ClusterInput = z.object({
  name: ClusterName,
  /** http:// or https://, with no user, password, query or #fragment in it (a path is the cluster's base path). */
  address: z.string().check(z.minLength(1), z.maxLength(2048)),
  credential: ClusterCredentialInput,
})
export type ClusterInput = z.infer<typeof ClusterInput>

/** A change: any of them; a credential given replaces the one kept. */
export const ClusterChange = z.partial(ClusterInput)
export type ClusterChange = z.infer<typeof ClusterChange>

/** What the server found at a cluster when it last asked. */
export const ClusterStatus = z.object({
  /** `up`: it answered and took the credential; `refused`: it answered but refused the credential; `down`. */
  state: z.enum(['up', 'refused', 'down']),
  /** Xinference, or another Serving Console platform; null while never reached. */
  kind: z.nullable(z.enum(['xinference', 'serving-console'])),
  version: z.nullable(z.string()),
  /** Why it is refused or down, in words; null when up. */
  detail: z.nullable(z.string()),
  /** Seconds since the epoch. */
  checked_at: z.number(),
  /** How long it took to answer, in ms (null when down). */
  latency_ms: z.nullable(z.number()),
})
export type ClusterStatus = z.infer<typeof ClusterStatus>

export const Cluster = z.object({
  name: ClusterName,
  address: z.string(),
  /** The credential's kind and user name: never the key or the password. */
  credential: z.object({
    kind: z.enum(['none', 'api_key', 'password']),
    username: z.nullable(z.string()),
  }),
  /** `command_line`: given by `--cluster` at start, changed only there; `console`: added by an administrator. */
  source: z.enum(['command_line', 'console']),
  status: ClusterStatus,
  created_at: z.number(),
})
export type Cluster = z.infer<typeof Cluster>

export const ClusterList = z.object({ clusters: z.array(Cluster) })
export const ClusterNameParams = z.object({ name: ClusterName })

/** A cluster as every user of the console sees it: its name and whether it answers (no address, no credential). */
export const ClusterBrief = z.object({ name: ClusterName, status: ClusterStatus })
export type ClusterBrief = z.infer<typeof ClusterBrief>
export const ClusterBriefList = z.object({ clusters: z.array(ClusterBrief) })

/**
 * Where this server serves a cluster's routes: the route table's paths under `/clusters/{name}`
 * (`/clusters/gpu/api/v1/models`), answered by that cluster through this server with the credential kept for it.
 */
export const CLUSTER_MOUNT = '/clusters'
export const clusterPath = (cluster: string, path: string) =>
  `${CLUSTER_MOUNT}/${encodeURIComponent(cluster)}${path}`

/**
 * A model as clients name it on this server: its uid where that is unique across the clusters, or `cluster/uid`
 * (a cluster's name has no `/`). Undefined for a name without a cluster in it.
 */
export function clusterModelName(name: string): { cluster: string; uid: string } | undefined {
  const at = name.indexOf('/')
  if (at <= 0 || at === name.length - 1) return undefined
  return { cluster: name.slice(0, at), uid: name.slice(at + 1) }
}
