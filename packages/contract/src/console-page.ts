import type { Locale } from './languages.js'

/**
 * The console's page in `locale`, as the build writes it (its first screen prerendered in that language) and the
 * server sends it: English is `index.html` itself, what a browser that asks for none of the others gets.
 */
export const consolePageFile = (locale: Locale): string =>
  locale === 'en' ? 'index.html' : `index.${locale}.html`

/**
 * The addresses whose screen the build prerenders (the console's app/shell/prerender.tsx), among those the side
 * navigation leads to on a first visit; the first is the console's home, also shown at `HOME_ADDRESSES`. Each is drawn
 * without MUI until its answers and its heavier code are here (the running models' grid, the register form's fields
 * come in chunks of their own): jsdom cannot lay MUI out and MUI's styles are not in the page (the build refuses a
 * prerendered screen with them).
 */
export const PRERENDERED_ADDRESSES = [
  '#/launch_model/llm',
  '#/running_models/LLM',
  '#/register_model/llm',
  '#/cluster_info',
  '#/system/users',
  '#/system/keys',
  '#/system/security',
  '#/system/audit',
  '#/system/usage',
  '#/system/alerts',
  '#/system/cache',
] as const

/** The addresses that open the console's home. */
export const HOME_ADDRESSES = ['', '#', '#/']

/** The id of the element that holds the prerendered screen of `address` as text, in index.html. */
export const shellTemplateId = (address: string): string => `shell${address}`

/**
 * The inline script after the prerendered screens in index.html (the console's app/shell/prerendered-shell.ts), run
 * as the page is parsed, before the first paint: it puts the screen of the address opened in `#shell`, or, at an
 * address the build did not prerender, removes `#shell` so that the console shows as it renders; the screens' markup
 * goes either way. Each screen is markup as text in a `<script type="text/html">` until then, the home one too: the
 * parser only scans such text, where it built every screen of a `<template>` (ten screens, ~20 ms of a first
 * visit's parse), and a screen in `#shell` itself could be painted before this script has run (the parser yields
 * while the page arrives), so another address's first frame would show it. The server's policy admits the script
 * by its hash, so it is the same in every language.
 */
export const SHELL_ADDRESS_CHECK = `(function(){var a=location.hash.split('?')[0],d=document,s=d.getElementById('shell'),t=d.getElementById(${JSON.stringify(shellTemplateId(''))}+(${JSON.stringify(HOME_ADDRESSES)}.indexOf(a)<0?a:${JSON.stringify(PRERENDERED_ADDRESSES[0])}));if(t&&t.type==='text/html')s.innerHTML=t.textContent;else{s.remove();d.getElementById('root').removeAttribute('hidden')}d.querySelectorAll('script[id^="${shellTemplateId('#')}"]').forEach(function(e){e.remove()})})()`
