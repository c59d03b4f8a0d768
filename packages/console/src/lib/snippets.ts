import type { RunningModel } from '@serving-console/contract'
import { messagesSnippet, type MessagesFormat } from './messages-snippets'

/** How to call a running model from elsewhere, in a language; null where that language has no call for its kind. */
export type SnippetFormat = 'curl' | 'python' | 'typescript' | MessagesFormat

/** A request to a running model: its path under the endpoint and its JSON body. */
export interface ModelRequest {
  path: '/v1/chat/completions' | '/v1/embeddings' | '/v1/rerank' | '/v1/images/generations'
  body: Record<string, unknown>
}

/** The example request each kind answers, as OpenAI's API shapes it (rerank: Xinference's own route). */
export function exampleOf(row: RunningModel): ModelRequest | null {
  switch (row.model_type) {
    case 'LLM':
      return {
        path: '/v1/chat/completions',
        body: { model: row.id, messages: [{ role: 'user', content: 'Hello' }] },
      }
    case 'embedding':
      return { path: '/v1/embeddings', body: { model: row.id, input: 'Hello' } }
    case 'rerank':
      return {
        path: '/v1/rerank',
        body: { model: row.id, query: 'Hello', documents: ['Hello there', 'Goodbye'] },
      }
    case 'image':
      return { path: '/v1/images/generations', body: { model: row.id, prompt: 'A lighthouse at dawn' } }
    default:
      return null
  }
}

const shellQuoted = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`

/** A JSON value as a Python literal (`True`, `None`, dicts and lists as JSON writes them). */
function python(value: unknown): string {
  if (value === null || value === undefined) return 'None'
  if (value === true) return 'True'
  if (value === false) return 'False'
  if (Array.isArray(value)) return `[${value.map(python).join(', ')}]`
  if (typeof value === 'object')
    return `{${Object.entries(value)
      .map(([key, item]) => `${JSON.stringify(key)}: ${python(item)}`)
      .join(', ')}}`
  return JSON.stringify(value)
}

/** The openai clients' call for each path, and what each prints of the answer (rerank: the clients have none). */
const CLIENT_CALLS = {
  '/v1/chat/completions': {
    python: ['client.chat.completions.create', 'print(answer.choices[0].message.content)'],
    typescript: ['client.chat.completions.create', 'console.log(answer.choices[0]?.message.content)'],
  },
  '/v1/embeddings': {
    python: ['client.embeddings.create', 'print(len(answer.data[0].embedding))'],
    typescript: ['client.embeddings.create', 'console.log(answer.data[0]?.embedding.length)'],
  },
  '/v1/images/generations': {
    python: ['client.images.generate', 'print(answer.data[0].url)'],
    typescript: ['client.images.generate', 'console.log(answer.data?.[0]?.url)'],
  },
} as const

/**
 * `request` (by default the kind's example) to the running model `row` at `endpoint`, in `format`: curl of the REST
 * route, or the official `openai` clients (Python, TypeScript) pointed at `endpoint/v1`. `$XINFERENCE_API_KEY`
 * stands for a key when the server asks for one. Null when the kind has no such call (the openai clients have no
 * rerank). The Messages API's are in messages-snippets.ts.
 */
export function snippetFor(
  row: RunningModel,
  format: SnippetFormat,
  endpoint: string,
  withAuth: boolean,
  request: ModelRequest | null = exampleOf(row),
): string | null {
  if (format === 'messages-curl' || format === 'messages-python')
    return messagesSnippet(row, format, endpoint, withAuth)
  if (!request) return null
  if (format === 'curl') {
    return [
      `curl ${shellQuoted(`${endpoint}${request.path}`)}`,
      `  -H 'Content-Type: application/json'`,
      ...(withAuth ? [`  -H "Authorization: Bearer $XINFERENCE_API_KEY"`] : []),
      `  -d ${shellQuoted(JSON.stringify(request.body))}`,
    ].join(' \\\n')
  }
  if (request.path === '/v1/rerank') return null
  const [method, print] = CLIENT_CALLS[request.path][format]
  const base = JSON.stringify(`${endpoint}/v1`)
  if (format === 'python') {
    const kwargs = Object.entries(request.body)
      .map(([key, value]) => `${key}=${python(value)}`)
      .join(', ')
    return [
      'import os',
      'from openai import OpenAI',
      '',
      `client = OpenAI(base_url=${base}, api_key=os.environ.get("XINFERENCE_API_KEY", "none"))`,
      `answer = ${method}(${kwargs})`,
      print,
    ].join('\n')
  }
  return [
    "import OpenAI from 'openai'",
    '',
    `const client = new OpenAI({ baseURL: ${base}, apiKey: process.env.XINFERENCE_API_KEY ?? 'none' })`,
    `const answer = await ${method}(${JSON.stringify(request.body)})`,
    print,
  ].join('\n')
}
