import {
  ClusterAuth,
  ClusterHistory,
  ClusterHistoryQuery,
  ClusterInfo,
  ClusterInfoQuery,
  ClusterVersion,
  DeviceCount,
} from '../cluster.js'
import { route } from './route.js'

/** The cluster: its machines, version, auth flag and recent use (in embedded mode, this machine). */
export const getClusterInfo = route({
  method: 'GET',
  path: '/v1/cluster/info',
  summary: "The cluster's nodes: CPU, memory and GPUs of each",
  query: ClusterInfoQuery,
  answers: { 200: ClusterInfo },
  access: 'admin',
  audit: 'admin',
})
export const getClusterVersion = route({
  method: 'GET',
  path: '/v1/cluster/version',
  summary: "The server's version",
  answers: { 200: ClusterVersion },
  access: 'admin',
  audit: 'admin',
})
export const getClusterAuth = route({
  method: 'GET',
  path: '/api/v1/cluster/auth',
  summary: 'Whether the server asks for sign-in',
  answers: { 200: ClusterAuth },
  access: 'public',
  audit: 'admin',
})
export const getDeviceCount = route({
  method: 'GET',
  path: '/api/v1/cluster/devices',
  summary: 'How many GPUs the cluster has',
  answers: { 200: DeviceCount },
  access: 'models:list',
  audit: 'admin',
})
// The machine's recent use, as Cluster Information shows it: who may see the cluster.
export const getClusterHistory = route({
  method: 'GET',
  path: '/api/v1/cluster/history',
  summary: "The platform's own: the machine's use over the last minutes",
  query: ClusterHistoryQuery,
  answers: { 200: ClusterHistory },
  access: 'admin',
  audit: 'admin',
})
