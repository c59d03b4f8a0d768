import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { themeVariablesCss } from './vite-theme-variables.ts'

/**
 * The widget catalogue (catalogue/), built for the screenshot tests alone into dist-catalogue/: the console's
 * build (vite.config.ts) never sees it, so nothing of it ships.
 */
export default defineConfig({
  root: 'catalogue',
  base: './',
  plugins: [react(), themeVariablesCss()],
  build: { outDir: '../dist-catalogue', emptyOutDir: true },
})
