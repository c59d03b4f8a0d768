/**
 * The served index.html carries the Launch page as React first shows it while the catalogue is on its way (`#shell`,
 * made at build time by `prerender.tsx`, in the person's language), so the browser paints it before any script
 * has run. React renders into `#root` beside it, hidden, and takes its place once the screen it renders has its
 * code (or the console has something else to say: an error, the login): both in one frame, so nothing moves.
 * The page's own script shows `#root` at once where the address is not the prerendered screen's
 * (the contract's `SHELL_ADDRESS_CHECK`).
 */
export function revealConsole(): void {
  const shell = document.getElementById('shell')
  if (!shell) return
  shell.remove()
  document.getElementById('root')?.removeAttribute('hidden')
}
