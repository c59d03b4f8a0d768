// One page load of the Launch page, measured in the page itself (launch-page.ts runs it RUNS times per row).
import { setTimeout as wait } from 'node:timers/promises'
import { CATALOGUE_PATH } from './catalogue-proxy.js'
import type { Page } from './cdp.js'

/**
 * Records, inside the page: when the first card appears and the frame after it (what a person sees), when the card
 * list last changed, long tasks, and the Event Timing entries of key events (reported from 16 ms up).
 */
export const PROBE = `
  window.__bench = { firstCard: 0, firstCardPaint: 0, firstContentfulPaint: 0, lastMutation: 0, keydown: 0, longTasks: 0, keyDurations: [] }
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.name === 'first-contentful-paint') window.__bench.firstContentfulPaint = entry.startTime
  }).observe({ type: 'paint', buffered: true })
  window.__benchPainted = new Promise((resolve) => { window.__benchResolvePainted = resolve })
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__bench.longTasks += entry.duration
  }).observe({ type: 'longtask', buffered: true })
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.name.startsWith('key')) window.__bench.keyDurations.push(entry.duration)
  }).observe({ type: 'event', durationThreshold: 16, buffered: true })
  // A card React has rendered into the still hidden #root is not seen yet: the first card is the first one shown.
  const shown = () => [...document.querySelectorAll('[role=listitem]')].some((card) => !card.closest('[hidden]'))
  new MutationObserver(() => {
    const now = performance.now()
    window.__bench.lastMutation = now
    if (!window.__bench.firstCard && shown()) {
      window.__bench.firstCard = now
      // The frame that shows it: after the next animation frame has been painted.
      requestAnimationFrame(() => setTimeout(() => {
        window.__bench.firstCardPaint = performance.now()
        window.__benchResolvePainted()
      }, 0))
    }
  }).observe(document, { subtree: true, childList: true, characterData: true, attributeFilter: ['hidden'] })
  addEventListener('keydown', () => { window.__bench.keydown = performance.now() }, true)
`

interface Bench {
  firstCard: number
  firstCardPaint: number
  firstContentfulPaint: number
  lastMutation: number
  keydown: number
  longTasks: number
  keyDurations: number[]
}
const bench = (page: Page) => page.evaluate<Bench>('window.__bench')

export interface Run {
  /** The browser's first contentful paint: when anything of the console (text, an image) was first painted. */
  firstContentfulPaint: number
  firstCardPainted: number
  firstCardAfterResponse: number
  longTasks: number
  /** Event Timing duration of the keystroke; below 16 ms the browser reports none, counted as 16. */
  keystrokeDuration: number
  keystroke: number
  warnings: number
  heapMiB: number
  domNodes: number
  catalogueRequests: number
}

/** In the page: the first card, once one is in the DOM (without polling the page). */
const FIRST_CARD = `new Promise((resolve) => {
  const found = () => document.querySelector('[role=listitem]')
  if (found()) return resolve(true)
  const observer = new MutationObserver(() => { if (found()) { observer.disconnect(); resolve(true) } })
  observer.observe(document, { subtree: true, childList: true })
})`

/** The Launch page's own address. */
export const LAUNCH_PAGE = '/ui/#/launch_model/llm'

/** One page load of the Launch page at `base`, opened at `address` (the page's own, or `/ui/` which leads there). */
export async function measure(page: Page, base: string, address = LAUNCH_PAGE): Promise<Run> {
  await page.goto(`${base}${address}`)
  // Waited for without polling: polling the page (as Playwright's waits do, at every frame) is work on its main
  // thread, which made the load it measures ~25 ms slower at 4× (docs/decisions/0020).
  await page.evaluate(`Promise.race([
    window.__benchPainted,
    new Promise((_, reject) => setTimeout(() => reject(new Error('no card painted in 30 s')), 30000)),
  ])`)
  const firstCardAfterResponse = await page.evaluate<number>(`(() => {
    const entry = performance.getEntriesByType('resource').find((resource) => resource.name.endsWith(${JSON.stringify(CATALOGUE_PATH)}))
    return window.__bench.firstCard - entry.responseEnd
  })()`)
  await wait(300)
  const loaded = await bench(page)

  // The search field, in whatever language the page speaks.
  await page.evaluate(`document.querySelector('.search-field input').focus()`)
  await page.press('q')
  await wait(500)
  const typed = await bench(page)
  const keystroke = typed.lastMutation - typed.keydown
  const keystrokeDuration = Math.max(16, ...typed.keyDurations)
  await page.press('Backspace')
  await wait(200)

  await page.send('HeapProfiler.collectGarbage')
  const heap = await page.send<{ usedSize: number }>('Runtime.getHeapUsage')
  const domNodes = await page.evaluate<number>(`document.getElementsByTagName('*').length`)

  // Tab switches must not fetch the catalogue again.
  // By position, in whatever language the page speaks: Language Models is the first tab, Embedding Models next.
  const clickTab = (index: number) =>
    page.evaluate(`document.querySelectorAll('[role=tab]')[${String(index)}].click()`)
  await clickTab(1)
  await wait(100)
  await clickTab(0)
  await page.evaluate(FIRST_CARD)
  await wait(100)
  const catalogueRequests = await page.evaluate<number>(
    `performance.getEntriesByType('resource').filter((entry) => entry.name.endsWith(${JSON.stringify(CATALOGUE_PATH)})).length`,
  )
  return {
    firstContentfulPaint: loaded.firstContentfulPaint,
    firstCardPainted: loaded.firstCardPaint,
    firstCardAfterResponse,
    longTasks: loaded.longTasks,
    keystrokeDuration,
    keystroke,
    warnings: page.warnings(),
    heapMiB: heap.usedSize / 2 ** 20,
    domNodes,
    catalogueRequests,
  }
}
