import { join } from 'node:path'
import type { APIRequestContext, Page } from '@playwright/test'
import { api, terminateAll } from './console-pages'
import { writeTinyModel } from './models'
import { testServer } from './servers'

/** Custom model files live in the server's model folders (its data dir's models/ by default). */
export const models = join(testServer('open').dataDir, 'models', 'register-e2e')
export const form = (page: Page) => page.getByRole('form', { name: 'Register model' })
/** The form's JSON Format panel, read. */
export const json = async (page: Page) =>
  JSON.parse((await page.getByLabel('Custom json config').textContent()) ?? '{}') as Record<string, unknown>

/** The GGUF files the registrations point at. */
export function writeModels() {
  writeTinyModel(models, 'tiny-chat-q4.gguf', 'chat')
  writeTinyModel(models, 'tiny-embedding.gguf', 'embedding')
  writeTinyModel(models, 'tiny-rerank.gguf', 'rerank')
}

/** Terminates every model and forgets the registrations the register tests make. */
export async function cleanUp(request: APIRequestContext) {
  await terminateAll(request)
  for (const [type, name] of [
    ['LLM', 'my-tiny-llm'],
    ['embedding', 'my-tiny-embedding'],
    ['rerank', 'my-tiny-rerank'],
    ['image', 'my-image'],
    ['audio', 'my-audio'],
    ['flexible', 'my-flexible'],
  ] as const) {
    await request.delete(api(`/api/v1/model_registrations/${type}/${name}`))
  }
}

/** Fills the LLM form for the tiny chat model, as a user would. */
export async function fillLlm(page: Page) {
  await page.getByLabel('Model Name').fill('my-tiny-llm')
  await page.getByRole('checkbox', { name: 'chat' }).check()
  await page.getByRole('combobox', { name: 'Model Family' }).click()
  await page.getByRole('option', { name: 'qwen2.5-instruct' }).click()
  await page.getByRole('combobox', { name: 'Model Format' }).click()
  await page.getByRole('option', { name: 'ggufv2' }).click()
  await page.getByLabel('Model Path (the GGUF file)').fill(join(models, 'tiny-chat-q4.gguf'))
}
