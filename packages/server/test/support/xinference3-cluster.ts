import type { IncomingMessage, ServerResponse } from 'node:http'
import { httpUpstream } from '../upstreams.js'

// A small Xinference-3.2.1-like cluster on its own port, for the alerts read of a cluster (docs/alerts.md): its
// version, running list, metrics, instances and chat, as a test sets them.

/** The API key the cluster takes (an administrator kept it for the server's own reads). */
export const KEY = 'sk-cluster-secret-key'

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
/** An administrator's access token, as Xinference 3 signs them (this cluster takes it without a signature). */
export const ADMIN_TOKEN = `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url({ sub: 'root', scopes: ['admin'] })}.sig`

/** v3's metrics for `tiny-r2`: two replicas, one down after a worker failure (or both ready). */
const metrics = (down: boolean) =>
  [
    'xinference:model_info{model_name="tiny-llama-test",model_type="LLM",model_uid="tiny-r2",replica_on_worker="1",replica_total="2",worker_address="127.0.0.1:1"} 1',
    'xinference:model_status{model_name="tiny-llama-test",model_uid="tiny-r2",status="READY"} 1',
    ...(down
      ? [
          'xinference:model_unexpected_termination{model_name="tiny-llama-test",model_uid="tiny-r2",replica_index="1"} 1',
        ]
      : []),
  ].join('\n')

/** An Xinference 3.2.1-like cluster: its version, running list, metrics and instances, as the test sets them. */
export async function xinference3Cluster() {
  const state = {
    answering: true,
    hanging: false,
    down: true,
    failedLaunch: true,
    metrics: true,
    instances: true,
    /** How its model answers a chat: tokens told, a failure, busy (429), or a request it finds wrong (400). */
    chat: 'answers' as 'answers' | 'fails' | 'busy' | 'wrong',
    /** Its running list answers a server error (a supervisor down behind a proxy). */
    listFails: false,
  }
  const upstream = await httpUpstream((request, response) => {
    request.resume()
    request.on('end', () => answer(request, response))
  })
  function answer(request: IncomingMessage, response: ServerResponse) {
    if (!state.answering) return request.socket.destroy()
    // Takes the request and never answers (a cluster stuck): the server's reads must end by themselves.
    if (state.hanging) return
    const json = (status: number, body: unknown) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
    const { authorization } = request.headers
    if (authorization !== `Bearer ${KEY}` && authorization !== `Bearer ${ADMIN_TOKEN}`)
      return json(401, { detail: 'Not authenticated' })
    if (request.url === '/v1/models' && state.listFails) return json(503, { detail: 'Service Unavailable' })
    if (request.url === '/v1/cluster/version') return json(200, { version: '3.2.1' })
    if (request.url === '/v1/cluster/auth') return json(200, true)
    if (request.url === '/v1/models')
      return json(200, { object: 'list', data: [{ id: 'tiny-r2', model_type: 'LLM', model_name: 'tiny' }] })
    if (request.url === '/v1/chat/completions' && state.chat === 'busy')
      return json(429, { detail: 'Too many requests' })
    if (request.url === '/v1/chat/completions' && state.chat === 'wrong')
      return json(400, { detail: 'This model maximum context length is 512 tokens' })
    if (request.url === '/v1/chat/completions')
      return state.chat === 'fails'
        ? json(500, { detail: 'CUDA out of memory' })
        : json(200, {
            object: 'chat.completion',
            choices: [{ index: 0, message: { role: 'assistant', content: 'hi' }, finish_reason: 'stop' }],
            usage: { prompt_tokens: 3, completion_tokens: 1, total_tokens: 4 },
          })
    if (request.url === '/metrics' && !state.metrics) return json(500, { detail: 'scrape failed' })
    if (request.url === '/v1/models/instances' && !state.instances) return json(500, { detail: 'busy' })
    if (request.url === '/metrics')
      return response.writeHead(200, { 'content-type': 'text/plain' }).end(metrics(state.down))
    if (request.url === '/v1/models/instances')
      return json(
        200,
        state.failedLaunch
          ? [
              {
                model_uid: 'tiny-uv',
                model_name: 'tiny',
                status: 'ERROR',
                replica_statuses: [{ status: 'ERROR', error_message: "No such file or directory: 'uv'" }],
              },
            ]
          : [],
      )
    return json(404, { detail: 'Not Found' })
  }
  return { ...upstream, state }
}
