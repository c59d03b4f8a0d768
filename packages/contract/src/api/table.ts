import * as api from './entries.js'

/**
 * Every API route, one entry per method and path (docs/routes.md lists them): `api.listModels`,
 * `api.launchModel`, … The server registers each from its entry; the console builds its URL with `href`. A module
 * namespace, so a bundle keeps only the entries it reads (areas.ts has the whole table as data).
 */
export { api }

export type ApiName = keyof typeof api
