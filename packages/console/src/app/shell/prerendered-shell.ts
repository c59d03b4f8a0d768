/**
 * The served index.html carries the screen at the address opened (`#shell`: the Launch page, the cluster's or a
 * System page) as React first shows it while its answers are on their way (made at build time by `prerender.tsx`,
 * in the person's language; the page's own script, the contract's `SHELL_ADDRESS_CHECK`, picks the address's),
 * so the browser paints it before any script file has run. React renders into `#root` beside it, hidden, and
 * takes its place once the screen it renders has its code (or the console has something else to say: an error,
 * the login): both in one frame, so nothing moves. At an address with no prerendered screen, the page's script
 * shows `#root` at once.
 */
export function revealConsole(): void {
  const shell = document.getElementById('shell')
  if (!shell) return
  shell.remove()
  document.getElementById('root')?.removeAttribute('hidden')
}
