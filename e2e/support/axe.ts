import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { expect, type Page } from '@playwright/test'
import type { AxeResults } from 'axe-core'

/** axe-core itself, put into the page by the test driver (the page's own policy would refuse it as a script tag). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/** What fails a check: every violation but the minor ones. */
const FAILING = new Set(['critical', 'serious', 'moderate'])

/**
 * The rules a colour scheme can break. A scheme only swaps the CSS variables of the one token source: the names,
 * roles, landmarks and order axe checks are the same in both, so the second scheme is checked for these alone.
 */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block']

/**
 * Runs axe-core (WCAG 2.x A and AA, and its best practices: landmarks, heading order) over the page as it is now,
 * or only `rules` when given, and fails with each violation's rule, impact and the elements it found, on any but a
 * minor one.
 */
export async function expectAccessible(page: Page, state = '', rules?: string[]): Promise<void> {
  // A dialog fading in is checked once it is there: half-faded text has no contrast to speak of. (A spinner turns
  // for ever; only animations that end are waited for.) Looked at every 25 ms: a fade ends within a few frames.
  await expect
    .poll(
      () =>
        page.evaluate(() =>
          document
            .getAnimations()
            .every(
              (animation) =>
                animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
            ),
        ),
      { intervals: [25] },
    )
    .toBe(true)
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE)
  const { violations } = await page.evaluate(
    (values) =>
      (window as unknown as { axe: { run: (options: object) => Promise<AxeResults> } }).axe.run(
        values ? { runOnly: { type: 'rule', values } } : {},
      ),
    rules,
  )
  const failing = violations
    .filter((violation) => FAILING.has(violation.impact ?? ''))
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      elements: violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
    }))
  expect(failing, `axe on ${state || page.url()}`).toEqual([])
}
