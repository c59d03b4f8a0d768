import { COLOR_SCHEME_SCRIPT } from '@serving-console/contract'
import { sha256Source } from '../http/security-headers.js'

/**
 * What the server's own pages (the chat page, the missing-model page, the gateway's cluster page) have in common:
 * one document frame in the console's look, and one kind of content security policy.
 */

/** Escapes text for HTML text and attribute values. */
export const html = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * The policy of a page that runs only its own inline `script` and `style` (and the colour scheme's script), loads
 * nothing else but what `allow` adds, and is never framed.
 */
export function pageCsp(script: string, style: string, allow: string[] = []): string {
  return [
    "default-src 'none'",
    `script-src ${sha256Source(script)} ${sha256Source(COLOR_SCHEME_SCRIPT)}`,
    `style-src 'self' ${sha256Source(style)}`,
    ...allow,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ')
}

/**
 * A page in English, in the console's look: the colour scheme's script before the first paint, the console's
 * design tokens (`ui/tokens.css`) and the page's `style`; its `body`, then its `script` (which puts it into the
 * console's language). `title` is the whole `<title>` element; `bodyAttributes` go on `<body>` as written.
 */
export function pageDocument(page: {
  title: string
  style: string
  script: string
  body: string
  bodyAttributes?: string
}): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
${page.title}
<script>${COLOR_SCHEME_SCRIPT}</script>
<link rel="stylesheet" href="ui/tokens.css" />
<style>${page.style}</style>
</head>
<body${page.bodyAttributes ?? ''}>
${page.body}
<script>${page.script}</script>
</body>
</html>`
}
