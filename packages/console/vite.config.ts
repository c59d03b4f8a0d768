import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'
import { precompress } from './vite-precompress'

const platform = process.env.SERVING_CONSOLE_DEV_PLATFORM ?? 'http://127.0.0.1:9997'

export default defineConfig({
  plugins: [react(), precompress()],
  // Relative asset paths: the console works under any prefix ending in /ui/.
  base: './',
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  server: {
    // `npm run dev` talks to a platform started with `npm start`.
    proxy: Object.fromEntries(['/api', '/v1', '/token'].map((path) => [path, platform])),
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
  },
})
