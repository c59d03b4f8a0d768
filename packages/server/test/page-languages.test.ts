import { LOCALES } from '@serving-console/contract'
import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { GatewayWebUis } from '../src/gateway/web-ui.js'
import { chatPage } from '../src/pages/chat-page.js'
import { TRANSLATED_ATTRIBUTES } from '../src/pages/page-i18n.js'
import {
  CHAT_PAGE_MESSAGES,
  CLUSTER_PAGE_MESSAGES,
  MISSING_PAGE_MESSAGES,
} from '../src/pages/page-messages.js'
import { expectPolicyAdmitsInlines, runPageScript } from './page-helper.js'

describe('the server pages speak the console language', () => {
  const dictionaries = {
    chat: CHAT_PAGE_MESSAGES,
    cluster: CLUSTER_PAGE_MESSAGES,
    missing: MISSING_PAGE_MESSAGES,
  }
  const placeholders = (message: string) =>
    [...message.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort()

  it.each(Object.entries(dictionaries))(
    'the %s page: every language has the English keys, none empty, with the same placeholders',
    (_, messages) => {
      expect(Object.keys(messages).sort()).toEqual([...LOCALES].sort())
      const english: Record<string, string> = messages.en
      for (const locale of LOCALES) {
        const dictionary: Record<string, string> = messages[locale]
        expect(Object.keys(dictionary).sort(), locale).toEqual(Object.keys(english).sort())
        for (const [key, message] of Object.entries(dictionary)) {
          expect(message.trim(), `${locale} ${key}`).not.toBe('')
          expect(placeholders(message), `${locale} ${key}`).toEqual(placeholders(english[key] ?? ''))
        }
      }
    },
  )

  const chat = chatPage({ uid: 'chat-1', name: 'tiny-chat', contextLength: 2048 })
  /** The gateway's page for an image model whose web UI runs at the cluster's address. */
  const clusterPage = () => {
    const pages = new GatewayWebUis()
    pages.addOnCluster('sd-turbo', 'http://cluster:9997')
    const app = Fastify()
    app.get('/sd-turbo', (_request, reply) => pages.send('sd-turbo', reply))
    return app.inject('/sd-turbo')
  }

  it('uses every English text on the page or in its script, in English as served', async () => {
    const uses = (page: string, key: string) =>
      page.includes(`data-i18n="${key}"`) ||
      TRANSLATED_ATTRIBUTES.some((attribute) => page.includes(`data-i18n-${attribute}="${key}"`)) ||
      page.includes(`t('${key}'`) ||
      page.includes(`askToSignIn('${key}'`)
    for (const key of Object.keys(CHAT_PAGE_MESSAGES.en)) expect(uses(chat, key), key).toBe(true)
    const cluster = (await clusterPage()).body
    for (const key of Object.keys(CLUSTER_PAGE_MESSAGES.en)) expect(uses(cluster, key), key).toBe(true)
    // English as it was before the pages spoke other languages (the e2e tests read it).
    expect(chat).toContain('<html lang="en">')
    expect(chat).toContain('tiny-chat · <span data-i18n="context" data-length="2048">context 2048</span>')
    expect(chat).toContain('>Back to the console</a>')
    expect(chat).toContain('aria-label="Message"')
    expect(chat).toContain('placeholder="Type a message"')
    expect(chat).toContain('>Send</button>')
    expect(cluster).toContain('>That address must be reachable from this browser.</p>')
  })

  it("admits the cluster page's scripts and style by their hashes", async () => {
    const page = await clusterPage()
    expect(page.body).toContain('href="http://cluster:9997/sd-turbo/"')
    expectPolicyAdmitsInlines(page.body, String(page.headers['content-security-policy']))
  })

  it('takes the stored choice, else the browser languages, and translates texts and attributes', () => {
    const ja = runPageScript(chat, { languages: ['en-US'], stored: 'ja' })
    expect(ja.root.lang).toBe('ja')
    expect(ja.find('for=system').textContent).toBe('システムプロンプト')
    expect(ja.find('data-i18n=context').textContent).toBe('コンテキスト長 2048')
    expect(ja.find('id=prompt').getAttribute('placeholder')).toBe('メッセージを入力')
    expect(ja.find('id=prompt').getAttribute('aria-label')).toBe('メッセージ')
    expect(ja.find('id=send').textContent).toBe('送信')
    expect(ja.t('serverError', { status: 500, detail: '{x} $&' })).toBe('サーバーエラー: 500 - {x} $&')

    // Every Chinese tag reads Simplified Chinese; a stored value that is no language is passed over.
    const zh = runPageScript(chat, { languages: ['fr', 'zh-TW', 'en'], stored: 'fr' })
    expect(zh.root.lang).toBe('zh-CN')
    expect(zh.find('id=clear').textContent).toBe('清空')
    // Clearing the conversation writes its note in the page's language.
    const messages = zh.find('id=messages')
    zh.find('id=clear').onclick?.()
    expect(messages.children.map((child) => [child.className, child.textContent])).toEqual([
      ['empty', '发送一条消息，开始对话。'],
    ])

    // English leaves the served page as it is.
    const en = runPageScript(chat, { languages: ['de-DE'] })
    expect(en.root.lang).toBe('en')
    expect(en.find('id=send').textContent).toBe('Send')
    expect(en.t('brokeOff', { error: 'socket hang up' })).toBe('The answer broke off: socket hang up')
  })

  it('translates the cluster page', async () => {
    const ko = runPageScript((await clusterPage()).body, { languages: ['ko-KR', 'en'] })
    expect(ko.root.lang).toBe('ko')
    expect(ko.find('data-i18n=reachable').textContent).toBe(CLUSTER_PAGE_MESSAGES.ko.reachable)
  })
})
