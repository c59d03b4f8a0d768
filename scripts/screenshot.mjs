// Screenshots of console screens for a person to look at:
//   node scripts/screenshot.mjs http://127.0.0.1:9997/ui/ out-dir WIDTH '#/route' ['#/route' …]
// SCHEME=dark for the dark colour scheme (light by default); LOCALE=zh-CN (ja, ko …) for the browser's language.
import { chromium } from '@playwright/test'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'

const [base, outDir, width, ...routes] = process.argv.slice(2)
mkdirSync(outDir, { recursive: true })
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
})
const scheme = process.env.SCHEME === 'dark' ? 'dark' : 'light'
const locale = process.env.LOCALE ?? 'en-US'
const page = await browser.newPage({
  viewport: { width: Number(width), height: 800 },
  colorScheme: scheme,
  locale,
})
for (const route of routes) {
  await page.goto(new URL(route, base).href)
  // The screen is there once its heading is and nothing says it is still loading.
  await page.locator('h1').first().waitFor()
  await page.locator('[role="progressbar"]').first().waitFor({ state: 'detached', timeout: 10_000 })
  const name = route.replace(/\W+/g, '_').replace(/^_|_$/g, '') || 'root'
  const file = join(outDir, `${name}-${width}-${scheme}-${locale}.png`)
  await page.screenshot({ path: file, fullPage: true })
  console.log(file)
}
await browser.close()
