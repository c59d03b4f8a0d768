import type { RunningModel } from '@serving-console/contract'

/** Anthropic's Messages API, which the server serves beside the OpenAI routes for chat models. */
export type MessagesFormat = 'messages-curl' | 'messages-python'

/** The `anthropic-version` Anthropic's clients send; the server accepts any. */
const ANTHROPIC_VERSION = '2023-06-01'

const shellQuoted = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`

/**
 * A Messages API request to the chat model `row` at `endpoint`: curl with Anthropic's headers (the key as
 * `x-api-key`, which the server takes there as it takes a bearer), or the official `anthropic` Python client,
 * which calls `endpoint/v1/messages`. Null for other kinds: only chat models answer messages.
 */
export function messagesSnippet(
  row: RunningModel,
  format: MessagesFormat,
  endpoint: string,
  withAuth: boolean,
): string | null {
  if (row.model_type !== 'LLM') return null
  const model = JSON.stringify(row.id)
  if (format === 'messages-curl') {
    const body = JSON.stringify({
      model: row.id,
      max_tokens: 256,
      messages: [{ role: 'user', content: 'Hello' }],
    })
    return [
      `curl ${shellQuoted(`${endpoint}/v1/messages`)}`,
      `  -H 'Content-Type: application/json'`,
      `  -H 'anthropic-version: ${ANTHROPIC_VERSION}'`,
      ...(withAuth ? [`  -H "x-api-key: $XINFERENCE_API_KEY"`] : []),
      `  -d ${shellQuoted(body)}`,
    ].join(' \\\n')
  }
  return [
    'import os',
    'from anthropic import Anthropic',
    '',
    `client = Anthropic(base_url=${JSON.stringify(endpoint)}, api_key=os.environ.get("XINFERENCE_API_KEY", "none"))`,
    `message = client.messages.create(model=${model}, max_tokens=256, messages=[{"role": "user", "content": "Hello"}])`,
    'print(message.content[0].text)',
  ].join('\n')
}
