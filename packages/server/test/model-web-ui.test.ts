import { describe, expect, it } from 'vitest'
import { fill } from '../src/pages/page-i18n.js'
import { MISSING_PAGE_MESSAGES } from '../src/pages/page-messages.js'
import { testApp } from './helper.js'
import { expectPolicyAdmitsInlines, runPageScript } from './page-helper.js'
import { launch, launchedApp } from './runtime-helper.js'

describe('model web UI', () => {
  it(
    'serves the chat page of every running language model, whether or not it was created, and goes with the model',
    { timeout: 30_000 },
    async () => {
      const app = await launchedApp({ model_name: 'tiny-chat', model_type: 'LLM', model_uid: 'chat-1' })
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
      // It leads to the console's playground of the model (compare, benchmark) as well as back to the list.
      expect(page.body).toContain('<a href="ui/#/playground/chat-1" data-i18n="playground">')
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
    const app = await launchedApp({
      model_name: 'tiny-embedding',
      model_type: 'embedding',
      model_uid: 'vectors',
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
    await launch(app, { model_name: 'tiny-embedding', model_type: 'embedding' })
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
      // In the playground's address too, as a path segment of the console's hash.
      expect(page).toContain('href="ui/#/playground/%3C%2Fscript%3E%3Cb%3Ex"')
    })
  })
})
