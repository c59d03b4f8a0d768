import type { RunningModel } from '@serving-console/contract'
import { describe, expect, it } from 'vitest'
import { snippetFor } from './snippets'

const row = (model_type: string) => ({ id: "it's-chat", model_name: 'tiny-chat', model_type }) as RunningModel
const ENDPOINT = 'http://127.0.0.1:9997'

describe("the Messages API's snippets", () => {
  it("are curl with Anthropic's headers, the key as x-api-key only when the server asks for one", () => {
    const open = snippetFor(row('LLM'), 'messages-curl', ENDPOINT, false)
    expect(open).toBe(
      [
        "curl 'http://127.0.0.1:9997/v1/messages'",
        "  -H 'Content-Type: application/json'",
        "  -H 'anthropic-version: 2023-06-01'",
        `  -d '{"model":"it'\\''s-chat","max_tokens":256,"messages":[{"role":"user","content":"Hello"}]}'`,
      ].join(' \\\n'),
    )
    expect(snippetFor(row('LLM'), 'messages-curl', ENDPOINT, true)).toContain(
      `  -H "x-api-key: $XINFERENCE_API_KEY" \\\n`,
    )
  })

  it('are the anthropic Python client pointed at the server', () => {
    const python = snippetFor(row('LLM'), 'messages-python', ENDPOINT, true)
    expect(python).toContain('from anthropic import Anthropic')
    expect(python).toContain(
      `Anthropic(base_url="${ENDPOINT}", api_key=os.environ.get("XINFERENCE_API_KEY", "none"))`,
    )
    expect(python).toContain(`client.messages.create(model="it's-chat", max_tokens=256,`)
  })

  it('are offered for chat models only', () => {
    for (const type of ['embedding', 'rerank', 'image']) {
      expect(snippetFor(row(type), 'messages-curl', ENDPOINT, false)).toBeNull()
      expect(snippetFor(row(type), 'messages-python', ENDPOINT, false)).toBeNull()
    }
    expect(snippetFor(row('embedding'), 'curl', ENDPOINT, false)).toContain('/v1/embeddings')
  })
})
