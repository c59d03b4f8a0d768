import { FitSummaries, ModelFit, ModelFitQuery } from '../fit.js'
import { toWireModelType } from '../model-types.js'
import { ModelTypeParams, RegistrationParams } from '../registrations.js'
import { route } from './route.js'

/** Upstream reads model types case-sensitively: the console's `llm` goes out as `LLM` (model-types.ts). */
const modelType = { model_type: toWireModelType }

/** The platform's own: will a model fit this machine (no hub asked for the summaries). */
export const listFitSummaries = route({
  method: 'GET',
  path: '/api/v1/fit/:model_type',
  summary: "The platform's own: whether each model of a type fits here",
  params: ModelTypeParams,
  answers: { 200: FitSummaries },
  wireParams: modelType,
  access: 'models:list',
  audit: 'admin',
})
export const getModelFit = route({
  method: 'GET',
  path: '/api/v1/fit/:model_type/:model_name',
  summary: "The platform's own: whether each quantization of a model fits here",
  params: RegistrationParams,
  query: ModelFitQuery,
  answers: { 200: ModelFit },
  wireParams: modelType,
  access: 'models:list',
  audit: 'admin',
})
