import type { RunningModel } from '@serving-console/contract'
import { messagesSnippet, type MessagesFormat } from './messages-snippets'

/** How to call a running model from elsewhere, in a language; null where that language has no call for its kind. */
export type SnippetFormat = 'curl' | 'python' | 'typescript' | MessagesFormat

/** The example request each kind answers, as OpenAI's API shapes it (rerank: Xinference's own route). */
function exampleOf(row: RunningModel): { path: string; body: Record<string, unknown> } | null {
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

/**
 * A request to the running model `row` at `endpoint`, in `format`: curl of the REST route, or the official
 * `openai` clients (Python, TypeScript) pointed at `endpoint/v1`. `$XINFERENCE_API_KEY` stands for a key when
 * the server asks for one. Null when the kind has no such call (the openai clients have no rerank). The Messages
 * API's are in messages-snippets.ts.
 */
export function snippetFor(
  row: RunningModel,
  format: SnippetFormat,
  endpoint: string,
  withAuth: boolean,
): string | null {
  if (format === 'messages-curl' || format === 'messages-python')
    return messagesSnippet(row, format, endpoint, withAuth)
  const example = exampleOf(row)
  if (!example) return null
  const body = JSON.stringify(example.body)
  if (format === 'curl') {
    return [
      `curl ${shellQuoted(`${endpoint}${example.path}`)}`,
      `  -H 'Content-Type: application/json'`,
      ...(withAuth ? [`  -H "Authorization: Bearer $XINFERENCE_API_KEY"`] : []),
      `  -d ${shellQuoted(body)}`,
    ].join(' \\\n')
  }
  if (row.model_type === 'rerank') return null
  const base = JSON.stringify(`${endpoint}/v1`)
  if (format === 'python') {
    const call = {
      LLM: [
        `answer = client.chat.completions.create(model=${JSON.stringify(row.id)}, messages=[{"role": "user", "content": "Hello"}])`,
        'print(answer.choices[0].message.content)',
      ],
      embedding: [
        `answer = client.embeddings.create(model=${JSON.stringify(row.id)}, input="Hello")`,
        'print(len(answer.data[0].embedding))',
      ],
      image: [
        `answer = client.images.generate(model=${JSON.stringify(row.id)}, prompt="A lighthouse at dawn")`,
        'print(answer.data[0].url)',
      ],
    }[row.model_type as 'LLM' | 'embedding' | 'image']
    return [
      'import os',
      'from openai import OpenAI',
      '',
      `client = OpenAI(base_url=${base}, api_key=os.environ.get("XINFERENCE_API_KEY", "none"))`,
      ...call,
    ].join('\n')
  }
  const call = {
    LLM: [
      `const answer = await client.chat.completions.create({ model: ${JSON.stringify(row.id)}, messages: [{ role: 'user', content: 'Hello' }] })`,
      'console.log(answer.choices[0]?.message.content)',
    ],
    embedding: [
      `const answer = await client.embeddings.create({ model: ${JSON.stringify(row.id)}, input: 'Hello' })`,
      'console.log(answer.data[0]?.embedding.length)',
    ],
    image: [
      `const answer = await client.images.generate({ model: ${JSON.stringify(row.id)}, prompt: 'A lighthouse at dawn' })`,
      'console.log(answer.data?.[0]?.url)',
    ],
  }[row.model_type as 'LLM' | 'embedding' | 'image']
  return [
    "import OpenAI from 'openai'",
    '',
    `const client = new OpenAI({ baseURL: ${base}, apiKey: process.env.XINFERENCE_API_KEY ?? 'none' })`,
    ...call,
  ].join('\n')
}
