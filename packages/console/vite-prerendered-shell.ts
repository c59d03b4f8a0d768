import { readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { consolePageFile, SHELL_ADDRESS_CHECK, shellTemplateId } from '@serving-console/contract'
import { JSDOM } from 'jsdom'
import { runnerImport, type Plugin, type PluginOption } from 'vite'
import type { shells } from './src/app/shell/prerender.tsx'
import { compressBeside } from './vite-precompress.ts'

/**
 * First paint from the HTML (docs/decisions/0027): once the build is written, the console's screens at the
 * contract's `PRERENDERED_ADDRESSES` are rendered by React in jsdom (`src/app/shell/prerender.tsx`, through Vite's
 * module runner with `plugins`), once per language. Each index.html carries them as text, of which its inline
 * script (`SHELL_ADDRESS_CHECK`) puts the address's in `#shell` before the first paint, and the stylesheet inline
 * instead of linked (a stylesheet the browser must fetch before it paints anything). `#shell` is inert and hidden
 * from assistive technology: a picture of the screen, whose copies of the controls do nothing, so nothing is typed
 * into them and lost; the console's own take their place. The server sends the page of the person's language
 * (server: http/console-page.ts). React renders into the hidden `#root` and takes the shell's place
 * (`revealConsole`).
 */
export function prerenderedShell(plugins: () => PluginOption[]): Plugin {
  let root = process.cwd()
  let outDir = 'dist'
  return {
    name: 'serving-console:prerendered-shell',
    apply: 'build',
    configResolved(config) {
      root = config.root
      outDir = resolve(config.root, config.build.outDir)
    },
    async closeBundle() {
      const template = readFileSync(join(outDir, 'index.html'), 'utf8')
      const page = inlineStylesheet(template, outDir)
      const rendered = await withDom('http://localhost/ui/', async () => {
        const { module } = await runnerImport<{ shells: typeof shells }>(
          resolve(root, 'src/app/shell/prerender.tsx'),
          { configFile: false, root, plugins: [noStylesheets, ...plugins()], logLevel: 'error' },
        )
        return module.shells
      })
      for (const [locale, screens] of rendered) {
        for (const [address, shell] of screens)
          if (shell.includes('data-emotion'))
            throw new Error(
              `prerenderedShell: ${address} draws MUI's components, whose styles the page lacks`,
            )
        const templates = [...screens]
          .map(([address, shell]) => {
            // Raw text ends at the first `</script`; React's markup of a screen has no script.
            if (/<\/?script/i.test(shell)) throw new Error(`prerenderedShell: ${address} has a script in it`)
            return `<script type="text/html" id="${shellTemplateId(address)}">${shell}</script>`
          })
          .join('')
        const html = page
          .replace(/<html lang="[^"]*">/, `<html lang="${locale}">`)
          .replace(
            '<div id="root"></div>',
            `<div id="root" hidden></div>${templates}<div id="shell" inert aria-hidden="true"></div><script>${SHELL_ADDRESS_CHECK}</script>`,
          )
        if (!html.includes('<div id="shell" inert aria-hidden="true">'))
          throw new Error('prerenderedShell: index.html has no <div id="root">')
        const path = join(outDir, consolePageFile(locale))
        writeFileSync(path, html)
        compressBeside(path, Buffer.from(html))
      }
    },
  }
}

/** Markup is all the prerender makes: every stylesheet an empty module (the page gets the built one). */
const noStylesheets: Plugin = {
  name: 'serving-console:prerender-without-stylesheets',
  enforce: 'pre',
  resolveId: (source) => (/\.css$/.test(source) ? '\0prerender-stylesheet' : null),
  load: (id) => (id === '\0prerender-stylesheet' ? 'export {}' : null),
}

/** index.html with its one stylesheet's link replaced by the stylesheet itself. */
function inlineStylesheet(html: string, outDir: string): string {
  const links = [...html.matchAll(/<link rel="stylesheet"[^>]* href="\.\/([^"]+\.css)">/g)]
  if (links.length !== 1)
    throw new Error(`prerenderedShell: index.html links ${String(links.length)} stylesheets, not 1`)
  const [link, file = ''] = links[0] ?? []
  const css = readFileSync(join(outDir, file), 'utf8')
  return html.replace(link ?? '', () => `<style>${css}</style>`)
}

/**
 * Runs `work` with a jsdom window's globals (document, localStorage, …) installed beside Node's own, which stay
 * (fetch, URL, …); removes them after.
 */
async function withDom<T>(url: string, work: () => Promise<T>): Promise<T> {
  const dom = new JSDOM('<!doctype html><html><head></head><body></body></html>', {
    url,
    pretendToBeVisual: true,
  })
  const scope = globalThis as Record<string, unknown>
  const window = dom.window as unknown as Record<string, unknown>
  const added = Object.getOwnPropertyNames(window).filter((key) => !(key in scope))
  for (const key of added) {
    Object.defineProperty(scope, key, {
      configurable: true,
      get: () => window[key],
      set: (value: unknown) => {
        window[key] = value
      },
    })
  }
  const fetch = globalThis.fetch
  try {
    return await work()
  } finally {
    globalThis.fetch = fetch
    for (const key of added) Reflect.deleteProperty(scope, key)
    dom.window.close()
  }
}
