/**
 * The colour scheme a person chose for the console and the model chat page, both served by the server: kept in
 * local storage under this key as `light` or `dark`; absent, the system's preference holds.
 */
export const COLOR_SCHEME_KEY = 'colorScheme'

/**
 * Sets `data-color-scheme` on `<html>` before the first paint, so no page shows the wrong scheme for a moment, and
 * again when the system's scheme or the stored choice (another tab's) changes, so an open page follows them.
 * Inlined in the console's index.html and in the server's pages; the server's policies admit it by its hash.
 */
export const COLOR_SCHEME_SCRIPT = `(function(){var m=matchMedia('(prefers-color-scheme: dark)');function a(){var c;try{c=localStorage.getItem(${JSON.stringify(COLOR_SCHEME_KEY)})}catch(e){}document.documentElement.setAttribute('data-color-scheme',c==='light'||c==='dark'?c:m.matches?'dark':'light')}a();m.addEventListener('change',a);addEventListener('storage',a)})()`
