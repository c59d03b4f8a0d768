import { createHmac } from 'node:crypto'
import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import { request as httpRequest, type RequestOptions } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { BlockList, isIP } from 'node:net'

/** How long one delivery may take, connection to answer. */
export const DELIVERY_TIMEOUT_MS = 10_000

/**
 * Loopback, link-local (cloud metadata lives there) and unspecified addresses: a channel reaches them only when an
 * administrator allows it explicitly, so that a webhook is no way into the server's own or its cloud's services.
 */
const INTERNAL = new BlockList()
INTERNAL.addSubnet('127.0.0.0', 8, 'ipv4')
INTERNAL.addSubnet('169.254.0.0', 16, 'ipv4')
INTERNAL.addSubnet('0.0.0.0', 8, 'ipv4')
INTERNAL.addAddress('::1', 'ipv6')
INTERNAL.addAddress('::', 'ipv6')
INTERNAL.addSubnet('fe80::', 10, 'ipv6')

/** Whether an address is internal (an IPv4-mapped IPv6 one read as its IPv4). */
export function isInternal(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1]
  if (mapped) return INTERNAL.check(mapped, 'ipv4')
  const family = isIP(address)
  return family !== 0 && INTERNAL.check(address, family === 4 ? 'ipv4' : 'ipv6')
}

/** Why a channel's URL is refused when it is set; null when it is fine. */
export function urlProblem(url: string, email: boolean): string | null {
  const wanted = email ? 'an smtp or smtps URL' : 'an http or https URL'
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return `url must be ${wanted.replace(/^an/, 'an absolute')}`
  }
  const schemes = email ? ['smtp:', 'smtps:'] : ['http:', 'https:']
  if (!schemes.includes(parsed.protocol) || !parsed.hostname) return `url must be ${wanted}`
  return null
}

export interface Target {
  url: string
  allowInternal: boolean
  /** Signs the body (webhooks with a secret). */
  secret: string | null
}

/** The signature headers of a webhook's body: `sha256=` HMAC of `{timestamp}.{body}` (docs/alerts.md). */
export function signatureHeaders(secret: string, body: string, now: number): Record<string, string> {
  const timestamp = String(Math.floor(now / 1000))
  const signature = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')
  return {
    'x-serving-console-timestamp': timestamp,
    'x-serving-console-signature': `sha256=${signature}`,
  }
}

/**
 * POSTs `body` (JSON) to the target; resolves to null when it answered 2xx, else to why not. The address it
 * connects to is the one checked (the check is in the connection's own lookup), so a name cannot resolve to a public
 * address for the check and an internal one for the connection.
 */
export function deliver(target: Target, body: string, now = Date.now()): Promise<string | null> {
  const url = new URL(target.url)
  const host = url.hostname.replace(/^\[|\]$/g, '')
  if (!target.allowInternal && isIP(host) !== 0 && isInternal(host))
    return Promise.resolve(internalRefusal(host))
  const guardedLookup: RequestOptions['lookup'] = (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0)
      const refused = target.allowInternal ? undefined : addresses.find((one) => isInternal(one.address))
      if (refused) return callback(new Error(internalRefusal(refused.address)), '', 0)
      if (options.all) return (callback as (e: null, a: LookupAddress[]) => void)(null, addresses)
      const first = addresses[0]
      if (!first) return callback(new Error(`${hostname} has no address`), '', 0)
      callback(null, first.address, first.family)
    })
  }
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': 'serving-console-alerts/1',
    ...(target.secret ? signatureHeaders(target.secret, body, now) : {}),
  }
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest
  return new Promise((resolve) => {
    // The whole exchange, connecting included, has one deadline.
    const timer = setTimeout(
      () => request.destroy(new Error(`no answer in ${String(DELIVERY_TIMEOUT_MS / 1000)} s`)),
      DELIVERY_TIMEOUT_MS,
    )
    const done = (outcome: string | null) => {
      clearTimeout(timer)
      resolve(outcome)
    }
    const request = send(url, { method: 'POST', headers, lookup: guardedLookup }, (response) => {
      response.resume()
      const status = response.statusCode ?? 0
      done(status >= 200 && status < 300 ? null : `answered HTTP ${String(status)}`)
    })
    request.on('error', (error) => done(error.message))
    request.end(body)
  })
}

export const internalRefusal = (address: string) =>
  `refused: ${address} is a loopback or link-local address (allow internal addresses on the channel to send there)`
