import { createHash } from 'node:crypto'
import { runInContext, createContext } from 'node:vm'
import { LOCALES } from '@serving-console/contract'
import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { GatewayWebUis } from '../src/gateway/web-ui.js'
import { chatPage } from '../src/pages/chat-page.js'
import { fill, TRANSLATED_ATTRIBUTES } from '../src/pages/page-i18n.js'
import {
  CHAT_PAGE_MESSAGES,
  CLUSTER_PAGE_MESSAGES,
  MISSING_PAGE_MESSAGES,
} from '../src/pages/page-messages.js'
import { testApp } from './helper.js'

/** The texts of every inline element of a tag, in order. */
const inline = (page: string, tag: string) =>
  [...page.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))].map((match) => match[1] ?? '')

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

/** The page's policy admits each of its inline scripts and styles by hash, and nothing else inline. */
function expectPolicyAdmitsInlines(page: string, csp: string) {
  const directive = (name: string) =>
    csp
      .split('; ')
      .find((part) => part.startsWith(`${name} `))
      ?.split(' ')
      .slice(1)
      .filter((source) => source.startsWith("'sha256-"))
      .sort()
  expect(directive('script-src')).toEqual(inline(page, 'script').map(sha256).sort())
  expect(directive('style-src')).toEqual(inline(page, 'style').map(sha256).sort())
  expect(csp).not.toContain('unsafe-inline')
  expect(csp).toContain("frame-ancestors 'none'")
}

interface FakeElement {
  id: string | undefined
  className: string
  textContent: string
  dataset: Record<string, string>
  getAttribute(name: string): string | null
  setAttribute(name: string, value: string): void
  replaceChildren(...children: FakeElement[]): void
  children: FakeElement[]
  onclick?: () => void
}

function fakeElement(attributes = new Map<string, string>(), textContent = ''): FakeElement {
  const dataset = Object.fromEntries(
    [...attributes]
      .filter(([name]) => name.startsWith('data-'))
      .map(([name, value]) => [name.slice(5).replace(/-(\w)/g, (_, c: string) => c.toUpperCase()), value]),
  )
  const element: FakeElement = {
    id: attributes.get('id'),
    className: attributes.get('class') ?? '',
    textContent,
    dataset,
    getAttribute: (name) => attributes.get(name) ?? null,
    setAttribute: (name, value) => attributes.set(name, value),
    replaceChildren: (...children) => (element.children = children),
    children: [],
  }
  return element
}

/**
 * Runs a page's last inline script against a stand-in for the page's DOM (each tag an element holding the text
 * up to the next tag, which is what the marked elements hold), a browser with these languages and this stored
 * choice. Answers the elements, `<html>`, and the script's context (its `t`).
 */
function runPageScript(page: string, browser: { languages: string[]; stored?: string }) {
  const body = page.replace(/<(script|style)>[\s\S]*?<\/\1>/g, '')
  const elements = [...body.matchAll(/<([a-z][a-z0-9]*)((?:\s+[\w-]+(?:="[^"]*")?)*)\s*\/?>([^<]*)/g)].map(
    ([, tag, attributes, text]) =>
      Object.assign(
        fakeElement(
          new Map(
            [...(attributes ?? '').matchAll(/([\w-]+)(?:="([^"]*)")?/g)].map((a) => [a[1] ?? '', a[2] ?? '']),
          ),
          text,
        ),
        { tag },
      ),
  )
  const root = { lang: 'en' }
  const document = {
    documentElement: root,
    body: elements.find((element) => element.tag === 'body'),
    cookie: '',
    getElementById: (id: string) => elements.find((element) => element.id === id),
    querySelectorAll: (selector: string) => {
      const attribute = /^\[([\w-]+)\]$/.exec(selector)?.[1]
      if (!attribute) throw new Error(`The stand-in DOM does not answer ${selector}`)
      return elements.filter((element) => element.getAttribute(attribute) !== null)
    },
    createElement: () => fakeElement(),
  }
  const context = createContext({
    document,
    localStorage: { getItem: (key: string) => (key === 'language' ? (browser.stored ?? null) : null) },
    navigator: { languages: browser.languages },
    location: { pathname: '/chat-1' },
    sessionStorage: { getItem: () => null, setItem: () => undefined, removeItem: () => undefined },
    // The chat page asks whether the server needs a sign-in; the answer never comes here.
    fetch: () => new Promise(() => undefined),
  })
  runInContext(inline(page, 'script').at(-1) ?? '', context)
  const find = (selector: string) => {
    const [attribute, value] = selector.split('=')
    const found = elements.find((element) => element.getAttribute(attribute ?? '') === value)
    if (!found) throw new Error(`No element has ${selector}`)
    return found
  }
  const t = (key: string, values?: Record<string, unknown>) =>
    runInContext(`t(${JSON.stringify(key)}, ${JSON.stringify(values ?? {})})`, context) as string
  return { root, find, t }
}

describe('model web UI', () => {
  it(
    'serves the chat page of every running language model, whether or not it was created, and goes with the model',
    { timeout: 30_000 },
    async () => {
      const app = await testApp()
      await app.inject({
        method: 'POST',
        url: '/api/v1/models',
        payload: { model_name: 'tiny-chat', model_type: 'LLM', model_uid: 'chat-1' },
      })
      // Before Launch Web UI was pressed (a bookmark, a relaunch): the page is there.
      expect((await app.inject({ method: 'HEAD', url: '/chat-1' })).statusCode).toBe(200)

      const body = {
        model_type: 'LLM',
        model_name: 'tiny-chat',
        model_size_in_billions: '0_0002',
        model_format: 'ggufv2',
        quantization: 'f32',
        context_length: 2048,
        model_ability: ['chat'],
        model_description: 'tiny',
        model_lang: ['en'],
      }
      // SPEC's create call still answers, for a console that asks.
      const created = await app.inject({ method: 'POST', url: '/api/v1/ui/chat-1', payload: body })
      expect(created.json()).toEqual({ model_uid: 'chat-1' })
      expect((await app.inject({ method: 'HEAD', url: '/chat-1' })).statusCode).toBe(200)
      const page = await app.inject('/chat-1')
      expect(page.headers['content-type']).toMatch(/text\/html/)
      expect(page.body).toContain('<h1>chat-1</h1>')
      expect(page.body).toContain('/v1/chat/completions')
      // Its policy allows exactly its own inline scripts (the chat's, which carries the dictionaries, and the
      // colour scheme's) and style, and no framing.
      expectPolicyAdmitsInlines(page.body, String(page.headers['content-security-policy']))
      expect(page.headers['x-content-type-options']).toBe('nosniff')

      await app.inject({ method: 'DELETE', url: '/api/v1/models/chat-1' })
      expect((await app.inject({ method: 'HEAD', url: '/chat-1' })).statusCode).toBe(404)
    },
  )

  it('answers a browser at the address of a model with no chat page with a page that says why', async () => {
    const app = await testApp()
    const browser = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' }
    const gone = await app.inject({ url: '/gone-1', headers: browser })
    expect(gone.statusCode).toBe(404)
    expect(gone.headers['content-type']).toMatch(/text\/html/)
    expect(gone.body).toContain('<html lang="en">')
    expect(gone.body).toContain('<title data-i18n="title">No chat page</title>')
    expect(gone.body).toContain('>No model gone-1 is running.')
    expect(gone.body).toContain(
      '<a href="ui/#/running_models/LLM" data-i18n="running">Go to Running Models</a>',
    )
    expectPolicyAdmitsInlines(gone.body, String(gone.headers['content-security-policy']))
    // An API client still gets the JSON error.
    const api = await app.inject('/gone-1')
    expect(api.statusCode).toBe(404)
    expect(api.json()).toEqual({ detail: 'Not Found' })
    // The uid is escaped into the page, and filled in in the page's language from its data attribute.
    const odd = await app.inject({ url: `/${encodeURIComponent('<b>"x')}`, headers: browser })
    expect(odd.body).not.toContain('<b>"x')
    expect(odd.body).toContain('data-uid="&#60;b&#62;&#34;x"')
    const zh = runPageScript(gone.body, { languages: ['zh-CN'] })
    expect(zh.root.lang).toBe('zh-CN')
    expect(zh.find('data-i18n=notRunning').textContent).toBe(
      fill(MISSING_PAGE_MESSAGES['zh-CN'].notRunning, { uid: 'gone-1' }),
    )
  })

  it('says when a model has no chat page because it is no language model', { timeout: 30_000 }, async () => {
    const app = await testApp()
    await app.inject({
      method: 'POST',
      url: '/api/v1/models',
      payload: { model_name: 'tiny-embedding', model_type: 'embedding', model_uid: 'vectors' },
    })
    const page = await app.inject({ url: '/vectors', headers: { accept: 'text/html' } })
    expect(page.statusCode).toBe(404)
    expect(page.body).toContain('>vectors is not a language model (embedding)')
    expect(page.body).toContain('href="ui/#/running_models/embedding"')
  })

  it('refuses UIs for unknown models, non-chat models and images', { timeout: 30_000 }, async () => {
    const app = await testApp()
    const llm = { model_type: 'LLM', model_name: 'x' }
    expect((await app.inject({ method: 'POST', url: '/api/v1/ui/nope', payload: llm })).statusCode).toBe(400)
    await app.inject({
      method: 'POST',
      url: '/api/v1/models',
      payload: { model_name: 'tiny-embedding', model_type: 'embedding' },
    })
    expect(
      (await app.inject({ method: 'POST', url: '/api/v1/ui/tiny-embedding', payload: llm })).statusCode,
    ).toBe(400)
    const image = {
      model_type: 'image',
      model_family: 'stable_diffusion',
      model_id: 'stabilityai/sd-turbo',
      model_name: 'sd-turbo',
    }
    expect(
      (await app.inject({ method: 'POST', url: '/api/v1/ui/images/sd-turbo', payload: image })).json<{
        detail: string
      }>().detail,
    ).toMatch(/cluster/)
  })

  it('escapes the uid into the page', () => {
    // uids are restricted at launch; the page escapes anyway.
    return import('../src/pages/chat-page.js').then(({ chatPage }) => {
      const page = chatPage({ uid: '</script><b>x', name: 'n', contextLength: null })
      expect(page).not.toContain('</script><b>')
      expect(page).toContain('&#60;/script&#62;&#60;b&#62;x')
    })
  })
})

describe('launches', () => {
  it('lists failed launches with their reason until dismissed', { timeout: 30_000 }, async () => {
    const app = await testApp()
    await app.inject({
      method: 'POST',
      url: '/api/v1/models',
      payload: {
        model_name: 'qwen2.5-instruct',
        model_type: 'LLM',
        model_engine: 'llama.cpp',
        model_format: 'ggufv2',
        model_size_in_billions: '0_5',
        quantization: 'q4_k_m',
      },
    })
    const launches = (await app.inject('/api/v1/models/launches')).json<
      { model_uid: string; stage: string; error: string }[]
    >()
    expect(launches).toHaveLength(1)
    expect(launches[0]).toMatchObject({ model_uid: 'qwen2.5-instruct', stage: 'failed' })
    expect(launches[0]?.error).toContain('Could not download')
    expect((await app.inject({ method: 'DELETE', url: '/api/v1/models/qwen2.5-instruct' })).statusCode).toBe(
      200,
    )
    expect((await app.inject('/api/v1/models/launches')).json()).toEqual([])
  })
})

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
