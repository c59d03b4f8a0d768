import { CreateUiResponse, UidParams } from '../launches.js'
import { CreateImageUiRequest, CreateLlmUiRequest } from '../models.js'
import { route } from './route.js'

/** Upstream's "Launch Web UI": a model's page, made by a POST, then served at the model's own address. */
export const createLlmUi = route({
  method: 'POST',
  path: '/api/v1/ui/:model_uid',
  summary: "Make a language model's chat page",
  params: UidParams,
  body: CreateLlmUiRequest,
  answers: { 200: CreateUiResponse },
  access: 'models:read',
  audit: 'admin',
})
export const createImageUi = route({
  method: 'POST',
  path: '/api/v1/ui/images/:model_uid',
  summary: "Make an image model's web UI",
  params: UidParams,
  body: CreateImageUiRequest,
  answers: { 200: CreateUiResponse },
  access: 'models:read',
  audit: 'admin',
})
// Opened in a new tab, which cannot send a Bearer header; the page holds no data and its requests carry the token.
export const getModelUi = route({
  method: 'GET',
  path: '/:model_uid',
  summary: "A model's web UI page (HTML)",
  params: UidParams,
  access: 'public',
  audit: 'admin',
})
