import { createRequire } from 'node:module'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'
import { earlyEntry } from './vite-early-entry.ts'
import { precompiledMessages } from './vite-precompiled-messages.ts'
import { precompress } from './vite-precompress.ts'
import { prerenderedShell } from './vite-prerendered-shell.ts'
import { themeVariablesCss } from './vite-theme-variables.ts'

/**
 * react-router's package exports name its development build for every condition; its production build is the same
 * code with the development warnings compiled out (0.4 KiB gzip less on the first screen). Builds take it; the dev
 * server and tests keep the warnings.
 */
const reactRouterProduction = createRequire(import.meta.url)
  .resolve('react-router')
  .replace(/development([\\/])index\.m?js$/, 'production$1index.mjs')

const platform = process.env.SERVING_CONSOLE_DEV_PLATFORM ?? 'http://127.0.0.1:9997'

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    themeVariablesCss(),
    precompiledMessages(),
    earlyEntry('src/main.ts', 'src/app/mount.tsx', 'src/components', ['@serving-console/contract']),
    precompress(),
    // What renders the first screen at build time: the console's own transforms, no bundling.
    prerenderedShell(() => [react(), precompiledMessages()]),
  ],
  // Relative asset paths: the console works under any prefix ending in /ui/.
  base: './',
  resolve: {
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    modulePreload: { polyfill: false },
    // The console's plain CSS (docs/decisions/0014) as one stylesheet that index.html links, so
    // it arrives beside the first scripts: split per chunk, each lazy chunk's CSS was a link added at run time and
    // waited for (the 4× catalogue's first card ~25 ms later).
    cssCodeSplit: false,
  },
  server: {
    // `npm run dev` talks to a platform started with `npm start`.
    proxy: Object.fromEntries(['/api', '/v1', '/token'].map((path) => [path, platform])),
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
  },
}))
