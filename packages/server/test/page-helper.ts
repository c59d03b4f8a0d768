import { createHash } from 'node:crypto'
import { runInContext, createContext } from 'node:vm'
import { expect } from 'vitest'

/** The texts of every inline element of a tag, in order. */
const inline = (page: string, tag: string) =>
  [...page.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))].map((match) => match[1] ?? '')

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

/** The page's policy admits each of its inline scripts and styles by hash, and nothing else inline. */
export function expectPolicyAdmitsInlines(page: string, csp: string) {
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
export function runPageScript(page: string, browser: { languages: string[]; stored?: string }) {
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
