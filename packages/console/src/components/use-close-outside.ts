import { useEffect, type RefObject } from 'react'

/** While `open`, a press anywhere outside `root` calls `close` (a listbox's popup, as a native select's). */
export function useCloseOutside(root: RefObject<HTMLElement | null>, open: boolean, close: () => void): void {
  useEffect(() => {
    if (!open) return
    const closeOutside = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) close()
    }
    document.addEventListener('mousedown', closeOutside)
    return () => document.removeEventListener('mousedown', closeOutside)
  }, [root, open, close])
}
