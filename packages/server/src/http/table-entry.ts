import {
  CLUSTER_MOUNT,
  routeOfRegistered,
  routeOfRequest,
  type Access,
  type Route,
} from '@serving-console/contract'
import type { FastifyRequest } from 'fastify'

/** How a cluster's routes are registered (clusters/cluster-gateway.ts): the table's paths under its name. */
export const CLUSTER_ROUTES = `${CLUSTER_MOUNT}/:cluster`

/** A request's path and query under `/clusters/{name}`: what it asks of that cluster. */
export const withinCluster = (url: string) => url.replace(/^\/clusters\/[^/?#]*/, '') || '/'

/**
 * The route table's entry a request was served for, which says who may call it, its audit category and whether
 * limits count it: by its registered route, exactly (`routeOfRegistered`). A cluster's routes are the table's
 * paths under `/clusters/{name}`, and what passes through to a cluster is the entry its path asks for there; a path
 * outside the table has none (and is an administrator's, then refused).
 */
export function tableEntry(request: FastifyRequest): Route | undefined {
  const routeUrl = request.routeOptions.url
  if (routeUrl === undefined) return undefined
  if (!routeUrl.startsWith(`${CLUSTER_ROUTES}/`)) return routeOfRegistered(request.method, routeUrl)
  const inner = routeUrl.slice(CLUSTER_ROUTES.length)
  return inner === '/*'
    ? routeOfRequest(request.method, withinCluster(request.url))
    : routeOfRegistered(request.method, inner)
}

/**
 * Who may call what a request asks for: its entry's access; a path outside the table, an administrator. Under
 * `/clusters/{name}` nothing is open to all: what a cluster answers there comes with the credential kept for it,
 * so it is for those who may see models here (clusters/cluster-gateway.ts).
 */
export function accessOf(request: FastifyRequest, entry: Route | undefined): Access {
  if (!entry) return 'admin'
  const underCluster = request.routeOptions.url?.startsWith(`${CLUSTER_ROUTES}/`) === true
  return underCluster && entry.access === 'public' ? 'models:list' : entry.access
}
