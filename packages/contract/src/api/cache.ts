import { CacheDeleteQuery, CacheDeleteResponse, CacheList, CacheListQuery } from '../cache.js'
import { route } from './route.js'

/** The model cache: a model's cached versions. */
export const listCachedVersions = route({
  method: 'GET',
  path: '/api/v1/cache/models',
  summary: "A model's cached versions",
  query: CacheListQuery,
  answers: { 200: CacheList },
  access: 'cache:list',
  audit: 'admin',
})
export const deleteCachedVersion = route({
  method: 'DELETE',
  path: '/api/v1/cache/models',
  summary: 'Remove a cached version',
  query: CacheDeleteQuery,
  answers: { 200: CacheDeleteResponse },
  access: 'cache:delete',
  audit: 'admin',
})
