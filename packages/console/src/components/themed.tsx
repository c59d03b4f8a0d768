import { lazy, type ComponentType } from 'react'

/**
 * A component drawn with MUI, once its code and the console's theme have arrived, with the theme around it. The
 * first screen renders no MUI component and loads none of MUI's styling (docs/decisions/0014: the theme and its
 * provider alone cost its first card ~16 ms at 4×), so the theme is not at the top of the console: it comes with each
 * part that uses one of MUI's heavy components (the data grid, the autocomplete, the dialogs, the drawer), which all
 * load this way.
 */
export async function themed<P extends object>(
  load: () => Promise<ComponentType<P>>,
): Promise<ComponentType<P>> {
  const [Component, { ThemeFrame }] = await Promise.all([load(), import('./theme-frame')])
  return function Themed(props: P) {
    return (
      <ThemeFrame>
        <Component {...props} />
      </ThemeFrame>
    )
  }
}

/** `React.lazy` for a component drawn with MUI (see `themed`). */
export const lazyThemed = <P extends object>(load: () => Promise<ComponentType<P>>) =>
  lazy(async () => ({ default: await themed(load) }))
