/**
 * `window.matchMedia` where nothing is laid out (jsdom: the build's prerender, app/shell/prerender.tsx, and the unit
 * tests), which has none: no media query matches, and none ever changes.
 */
export const matchNothing = (media: string): MediaQueryList =>
  ({
    matches: false,
    media,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
  }) as unknown as MediaQueryList
