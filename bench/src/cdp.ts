import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as wait } from 'node:timers/promises'
import type { Readable, Writable } from 'node:stream'

type Params = Record<string, unknown>
type Listener = (params: Params, sessionId: string | undefined) => void

/**
 * Chromium driven over the DevTools protocol alone, on a pipe, with nothing of a test driver in its pages. Playwright
 * turns on, in every page, DevTools' network agent (which copies and decodes each answer's body on the page's main
 * thread: ~30 ms for the 4 MiB catalogue) and its own scripts, and this made the page load it measures ~75 ms
 * slower at 4× than a person's browser would (docs/decisions/0020). A page here gets only what the bench asks for.
 */
export interface Chromium {
  version: string
  send<T = Params>(method: string, params?: Params, sessionId?: string): Promise<T>
  /** Calls `listener` with each event `method` (of any session) until the returned function is called. */
  on(method: string, listener: Listener): () => void
  close(): Promise<void>
}

export async function launchChromium(executable: string, args: string[]): Promise<Chromium> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'sc-bench-chromium-'))
  const child = spawn(executable, [...args, '--remote-debugging-pipe', `--user-data-dir=${userDataDir}`], {
    stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'],
  })
  const commands = child.stdio[3] as Writable
  const messages = child.stdio[4] as Readable
  const pending = new Map<number, { resolve: (result: Params) => void; reject: (error: Error) => void }>()
  const listeners = new Map<string, Set<Listener>>()
  let nextId = 1
  let received = ''
  messages.setEncoding('utf8')
  messages.on('data', (chunk: string) => {
    received += chunk
    // Messages on the pipe end with a NUL byte.
    for (let end = received.indexOf('\0'); end >= 0; end = received.indexOf('\0')) {
      const message = JSON.parse(received.slice(0, end)) as {
        id?: number
        result?: Params
        error?: { message: string }
        method?: string
        params?: Params
        sessionId?: string
      }
      received = received.slice(end + 1)
      if (message.id !== undefined) {
        const call = pending.get(message.id)
        pending.delete(message.id)
        if (message.error) call?.reject(new Error(message.error.message))
        else call?.resolve(message.result ?? {})
      } else if (message.method) {
        for (const listener of listeners.get(message.method) ?? [])
          listener(message.params ?? {}, message.sessionId)
      }
    }
  })
  const send = <T = Params>(method: string, params: Params = {}, sessionId?: string) =>
    new Promise<T>((resolve, reject) => {
      const id = nextId++
      pending.set(id, {
        resolve: (result) => resolve(result as T),
        reject: (error) => reject(new Error(`${method}: ${error.message}`)),
      })
      commands.write(`${JSON.stringify({ id, method, params, sessionId })}\0`)
    })
  const { product } = await send<{ product: string }>('Browser.getVersion')
  return {
    version: product.replace(/^[^/]*\//, ''),
    send,
    on(method, listener) {
      const set = listeners.get(method) ?? new Set()
      listeners.set(method, set.add(listener))
      return () => set.delete(listener)
    },
    async close() {
      await send('Browser.close').catch(() => undefined)
      if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve))
      rmSync(userDataDir, { recursive: true, force: true })
    },
  }
}

const REST_SPAN_MS = 100
/** The kernel counts CPU time in ticks of 10 ms: one tick per span is as close to none as can be read. */
const REST_CPU_MS = 10
const REST_SPANS = 2
const REST_LIMIT_MS = 10_000

/**
 * Waits until the browser's processes together have used at most one tick of CPU time in each of two spans of
 * 100 ms in a row. A new window keeps both cores of a 2-core machine busy for ~1 s after it opens: Chromium loads
 * the window's own UI (chrome://omnibox-popup.top-chrome, ~100 modules compiled in a renderer of its own). A page
 * loaded at once shares the cores with it, and its first card came ~155 ms later at 4× (docs/decisions/0020); a person
 * loads the console in a browser that has long been open.
 */
async function atRest(chromium: Chromium) {
  /** CPU seconds used so far by each process of the browser. */
  const cpuTimes = async () => {
    const { processInfo } = await chromium.send<{ processInfo: { id: number; cpuTime: number }[] }>(
      'SystemInfo.getProcessInfo',
    )
    return new Map(processInfo.map(({ id, cpuTime }) => [id, cpuTime]))
  }
  const deadline = Date.now() + REST_LIMIT_MS
  let last = await cpuTimes()
  for (let quiet = 0; quiet < REST_SPANS;) {
    if (Date.now() > deadline)
      throw new Error(`the browser was not at rest within ${String(REST_LIMIT_MS)} ms`)
    await wait(REST_SPAN_MS)
    const now = await cpuTimes()
    // Per process: one that has exited since (a closed page's renderer) must not read as time given back.
    let usedMs = 0
    for (const [id, seconds] of now) usedMs += (seconds - (last.get(id) ?? 0)) * 1000
    quiet = usedMs <= REST_CPU_MS ? quiet + 1 : 0
    last = now
  }
}

export interface PageOptions {
  viewport: { width: number; height: number }
  /** Run in each document before its own scripts. */
  initScripts: string[]
  /** A link to emulate (Chromium's network emulation, which needs the network agent: it keeps no bodies here). */
  link?: { latency: number; downloadThroughput: number; uploadThroughput: number }
}

/**
 * A page in a browser context of its own (a first visit: nothing cached), and the warnings in its console; ready
 * once the browser is at rest after opening its window.
 */
export interface Page {
  goto(url: string): Promise<void>
  /** The value of `expression` in the page (a promise's, once it settles); JSON-serialisable values only. */
  evaluate<T>(expression: string): Promise<T>
  press(key: 'q' | 'Backspace'): Promise<void>
  warnings(): number
  /** A protocol command to this page. */
  send<T = Params>(method: string, params?: Params): Promise<T>
  close(): Promise<void>
}

/**
 * Sizes the page's window so that its viewport is `viewport`, as a person's window would be. (Emulating the size,
 * as Playwright does, held back the frame after each keystroke: Event Timing durations of 48–56 ms where a window
 * of that size gives 16–24.)
 */
async function fitWindow(
  chromium: Chromium,
  targetId: string,
  sessionId: string,
  viewport: { width: number; height: number },
) {
  const { windowId, bounds } = await chromium.send<{
    windowId: number
    bounds: { width: number; height: number }
  }>('Browser.getWindowForTarget', { targetId })
  const inner = await chromium.send<{ result: { value: [number, number] } }>(
    'Runtime.evaluate',
    { expression: '[innerWidth, innerHeight]', returnByValue: true },
    sessionId,
  )
  const [width, height] = inner.result.value
  await chromium.send('Browser.setWindowBounds', {
    windowId,
    bounds: {
      width: bounds.width + viewport.width - width,
      height: bounds.height + viewport.height - height,
    },
  })
}

const KEYS = {
  q: { key: 'q', code: 'KeyQ', text: 'q', windowsVirtualKeyCode: 81 },
  Backspace: { key: 'Backspace', code: 'Backspace', windowsVirtualKeyCode: 8 },
}

export async function openPage(chromium: Chromium, options: PageOptions): Promise<Page> {
  const { browserContextId } = await chromium.send<{ browserContextId: string }>(
    'Target.createBrowserContext',
  )
  const { targetId } = await chromium.send<{ targetId: string }>('Target.createTarget', {
    url: 'about:blank',
    browserContextId,
  })
  const { sessionId } = await chromium.send<{ sessionId: string }>('Target.attachToTarget', {
    targetId,
    flatten: true,
  })
  const send = <T = Params>(method: string, params?: Params) => chromium.send<T>(method, params, sessionId)
  let warnings = 0
  const stops = [
    chromium.on('Runtime.consoleAPICalled', (event, from) => {
      if (from === sessionId && (event.type === 'warning' || event.type === 'error')) warnings += 1
    }),
    chromium.on('Log.entryAdded', (event, from) => {
      const { level } = event.entry as { level: string }
      if (from === sessionId && (level === 'warning' || level === 'error')) warnings += 1
    }),
  ]
  await fitWindow(chromium, targetId, sessionId, options.viewport)
  await send('Page.enable')
  for (const source of options.initScripts) await send('Page.addScriptToEvaluateOnNewDocument', { source })
  await send('Runtime.enable')
  await send('Log.enable')
  if (options.link) {
    await send('Network.enable', { maxTotalBufferSize: 0, maxResourceBufferSize: 0 })
    await send('Network.emulateNetworkConditions', { offline: false, ...options.link })
  }
  await atRest(chromium)
  return {
    send,
    async goto(url) {
      // Resolves once the new document's scripts can be reached: its main world exists.
      const created = new Promise<void>((resolve) => {
        const stop = chromium.on('Runtime.executionContextCreated', (event, from) => {
          const context = event.context as { origin: string; auxData?: { isDefault?: boolean } }
          if (from !== sessionId || !context.auxData?.isDefault || !url.startsWith(context.origin)) return
          stop()
          resolve()
        })
      })
      await send('Page.navigate', { url })
      await created
    },
    async evaluate<T>(expression: string) {
      const answer = await send<{
        result: { value: T }
        exceptionDetails?: { exception?: { description?: string } }
      }>('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true })
      if (answer.exceptionDetails)
        throw new Error(answer.exceptionDetails.exception?.description ?? expression)
      return answer.result.value
    },
    async press(key) {
      await send('Input.dispatchKeyEvent', { type: 'keyDown', ...KEYS[key] })
      await send('Input.dispatchKeyEvent', { type: 'keyUp', ...KEYS[key] })
    },
    warnings: () => warnings,
    async close() {
      for (const stop of stops) stop()
      await chromium.send('Target.closeTarget', { targetId })
      await chromium.send('Target.disposeBrowserContext', { browserContextId })
    },
  }
}
