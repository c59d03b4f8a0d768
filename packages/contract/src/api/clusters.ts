import { OkResponse } from '../auth.js'
import {
  Cluster,
  ClusterBriefList,
  ClusterChange,
  ClusterInput,
  ClusterList,
  ClusterNameParams,
} from '../clusters.js'
import { route } from './route.js'

/** The clusters this server holds besides its own platform (docs/clusters.md): an administrator's settings. */
export const listClusters = route({
  method: 'GET',
  path: '/api/v1/clusters',
  upstreamAlias: false,
  summary: 'The clusters this server holds, with what it last found at each',
  answers: { 200: ClusterList },
  access: 'admin',
  audit: 'admin',
})
/** Every user who sees models sees which clusters there are and whether they answer (Running Models, Launch). */
export const listClusterStates = route({
  method: 'GET',
  path: '/api/v1/clusters/states',
  upstreamAlias: false,
  summary: 'The clusters this server holds, by name, and whether each answers (no address or credential)',
  answers: { 200: ClusterBriefList },
  access: 'models:list',
  audit: 'admin',
})
export const addCluster = route({
  method: 'POST',
  path: '/api/v1/clusters',
  upstreamAlias: false,
  summary: 'Add a cluster: its name, address and credential (kept even when it cannot be reached)',
  body: ClusterInput,
  answers: { 201: Cluster },
  access: 'admin',
  audit: 'admin',
})
export const changeCluster = route({
  method: 'PUT',
  path: '/api/v1/clusters/:name',
  upstreamAlias: false,
  summary: 'Rename a cluster, or change its address or credential',
  params: ClusterNameParams,
  body: ClusterChange,
  answers: { 200: Cluster },
  access: 'admin',
  audit: 'admin',
})
export const removeCluster = route({
  method: 'DELETE',
  path: '/api/v1/clusters/:name',
  upstreamAlias: false,
  summary: 'Remove a cluster from this server (its models keep running there)',
  params: ClusterNameParams,
  answers: { 200: OkResponse },
  access: 'admin',
  audit: 'admin',
})
export const testCluster = route({
  method: 'POST',
  path: '/api/v1/clusters/:name/test',
  upstreamAlias: false,
  summary: 'Ask a cluster now: whether it answers, takes the credential, and its version',
  params: ClusterNameParams,
  answers: { 200: Cluster },
  access: 'admin',
  audit: 'admin',
})
