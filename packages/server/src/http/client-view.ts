import type { IncomingMessage } from 'node:http'
import { isIP } from 'node:net'
import proxyAddr from '@fastify/proxy-addr'

/** Whether the peer at `address`, `hop` steps away, is a reverse proxy whose forwarding headers are believed. */
export type ProxyTrust = (address: string, hop: number) => boolean

/** `--trust-proxy`: none by default, so no client can claim another address, host or scheme. */
export function proxyTrust(trusted: readonly string[]): ProxyTrust {
  return trusted.length > 0 ? proxyAddr.compile([...trusted]) : () => false
}

/** Who is asking and by what address they reached us: the same for HTTP requests and WebSocket upgrades. */
export interface ClientView {
  /** The client's address: the socket's peer, or the first untrusted address in `X-Forwarded-For`. */
  ip: string
  /** The Host the client asked for (a trusted proxy's `X-Forwarded-Host`). */
  host: string
  protocol: 'http' | 'https'
}

/**
 * The client's address as limits, bans and the trail count it: `request.ip` when it is an address, else the
 * socket's peer. Behind a trusted proxy, `request.ip` is whatever `X-Forwarded-For` says; a value that is no
 * address (any string, any length) would otherwise be a fresh client every time.
 */
export function clientAddress(request: {
  ip: string
  socket: { remoteAddress?: string | undefined }
}): string {
  return isIP(request.ip) !== 0 ? request.ip : (request.socket.remoteAddress ?? '')
}

const last = (value: string) => value.slice(value.lastIndexOf(',') + 1).trim()

/** Reads a request as Fastify does with the same trust (its `request.ip`, `host`, `protocol`). */
export function clientView(request: IncomingMessage, trust: ProxyTrust): ClientView {
  const peer = request.socket.remoteAddress ?? ''
  const fromProxy = peer !== '' && trust(peer, 0)
  const forwardedHost = request.headers['x-forwarded-host']
  const forwardedProto = request.headers['x-forwarded-proto']
  const encrypted = 'encrypted' in request.socket && request.socket.encrypted === true
  return {
    ip: clientAddress({ ip: proxyAddr.all(request, trust).at(-1) ?? peer, socket: request.socket }),
    host: fromProxy && typeof forwardedHost === 'string' ? last(forwardedHost) : (request.headers.host ?? ''),
    protocol:
      fromProxy && typeof forwardedProto === 'string'
        ? last(forwardedProto) === 'https'
          ? 'https'
          : 'http'
        : encrypted
          ? 'https'
          : 'http',
  }
}
