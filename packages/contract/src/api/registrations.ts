import { NoContent } from '../launches.js'
import { toWireModelType } from '../model-types.js'
import {
  EngineMap,
  FileInfoQuery,
  GgufFileInfo,
  ModelFamilies,
  ModelNameParams,
  ModelRegistration,
  ModelTypeParams,
  PromptStyles,
  RegisterModelRequest,
  RegistrationParams,
  RegistrationsQuery,
} from '../registrations.js'
import { route } from './route.js'

/** Upstream reads model types case-sensitively: the console's `llm` goes out as `LLM` (model-types.ts). */
const modelType = { model_type: toWireModelType }

/** The catalogue: built-in and custom registrations, their engines, prompt styles and families. */
// The answer is the names, or with `detailed=true` every registration (sent pre-serialized): no one schema.
export const listRegistrations = route({
  method: 'GET',
  path: '/api/v1/model_registrations/:model_type',
  summary: 'The models of a type: names, or every registration with detailed=true',
  params: ModelTypeParams,
  query: RegistrationsQuery,
  wireParams: modelType,
  access: 'models:list',
  audit: 'admin',
})
export const registerModel = route({
  method: 'POST',
  path: '/api/v1/model_registrations/:model_type',
  summary: 'Register a custom model',
  params: ModelTypeParams,
  body: RegisterModelRequest,
  answers: { 200: NoContent },
  wireParams: modelType,
  access: 'models:register',
  audit: 'admin',
})
export const getRegistration = route({
  method: 'GET',
  path: '/api/v1/model_registrations/:model_type/:model_name',
  summary: "One model's registration",
  params: RegistrationParams,
  answers: { 200: ModelRegistration },
  wireParams: modelType,
  access: 'models:list',
  audit: 'admin',
})
export const unregisterModel = route({
  method: 'DELETE',
  path: '/api/v1/model_registrations/:model_type/:model_name',
  summary: 'Unregister a custom model',
  params: RegistrationParams,
  answers: { 200: NoContent },
  wireParams: modelType,
  access: 'models:unregister',
  audit: 'admin',
})
export const getEngines = route({
  method: 'GET',
  path: '/api/v1/engines/:model_name',
  summary: 'The engines that can run a model, and their specs',
  params: ModelNameParams,
  answers: { 200: EngineMap },
  access: 'models:list',
  audit: 'admin',
})
export const getPromptStyles = route({
  method: 'GET',
  path: '/api/v1/models/prompts',
  summary: 'Prompt styles of the built-in chat models',
  answers: { 200: PromptStyles },
  access: 'models:list',
  audit: 'admin',
})
export const getModelFamilies = route({
  method: 'GET',
  path: '/api/v1/models/families',
  summary: 'The built-in language models by ability',
  answers: { 200: ModelFamilies },
  access: 'models:list',
  audit: 'admin',
})
export const getFileInfo = route({
  method: 'GET',
  path: '/api/v1/models/file_info',
  summary: 'What a local GGUF file says about itself, to fill a register form',
  query: FileInfoQuery,
  answers: { 200: GgufFileInfo },
  access: 'models:register',
  audit: 'admin',
})
