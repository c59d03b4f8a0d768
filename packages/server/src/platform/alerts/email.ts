import { lookup } from 'node:dns/promises'
import { isIP } from 'node:net'
import type { EmailSettings } from '@serving-console/contract'
import { createTransport } from 'nodemailer'
import { DELIVERY_TIMEOUT_MS, internalRefusal, isInternal } from './delivery.js'

export interface EmailTarget {
  /** `smtp://host[:port]` (STARTTLS) or `smtps://host[:port]` (TLS from the start). */
  url: string
  allowInternal: boolean
  /** The SMTP password, sent only over TLS. */
  password: string | null
  settings: EmailSettings
}

/** What an e-mail message says: its subject and plain text. */
export interface EmailMessage {
  subject: string
  text: string
}

/**
 * Sends one e-mail through the channel's SMTP server; resolves to null when it was accepted, else to why not. As for
 * webhooks, the address connected to is the one checked (pinned, the name kept for TLS), and every phase has the
 * delivery's deadline. A password is never sent in the clear: with one, STARTTLS is required.
 */
export async function sendEmail(target: EmailTarget, message: EmailMessage): Promise<string | null> {
  const url = new URL(target.url)
  const hostname = url.hostname.replace(/^\[|\]$/g, '')
  let address = hostname
  try {
    if (isIP(hostname) === 0) address = (await lookup(hostname)).address
  } catch (error) {
    return (error as Error).message
  }
  if (!target.allowInternal && isInternal(address)) return internalRefusal(address)
  const secure = url.protocol === 'smtps:'
  const transport = createTransport({
    host: address,
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    requireTLS: !secure && target.password !== null,
    tls: { servername: isIP(hostname) === 0 ? hostname : undefined },
    auth: target.settings.username
      ? { user: target.settings.username, pass: target.password ?? '' }
      : undefined,
    connectionTimeout: DELIVERY_TIMEOUT_MS,
    greetingTimeout: DELIVERY_TIMEOUT_MS,
    socketTimeout: DELIVERY_TIMEOUT_MS,
  })
  try {
    await transport.sendMail({
      from: target.settings.from,
      to: target.settings.to,
      // One line: a rule's name cannot add a header.
      subject: message.subject.replace(/[\r\n]+/g, ' '),
      text: message.text,
    })
    return null
  } catch (error) {
    return (error as Error).message
  } finally {
    transport.close()
  }
}
