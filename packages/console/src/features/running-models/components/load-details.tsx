import { useEffect, useId, useRef } from 'react'

/**
 * A short figure ("2 / 4 +3 · 12 req") whose meaning opens beside it on hover, on a tap, and on Enter or Space,
 * and is its description for a screen reader: a `title` reaches neither a touch screen nor the keyboard. The
 * details are a popover, in the top layer, so the grid's cell does not clip them; Escape or a tap elsewhere closes
 * them, a second press of the button too.
 */
export function LoadDetails({ short, detail }: { short: string; detail: string }) {
  const id = useId()
  const popover = useRef<HTMLSpanElement>(null)
  // Opened by the pointer passing over: it closes when the pointer leaves, unless a click kept it.
  const byHover = useRef(false)

  useEffect(() => {
    const element = popover.current
    const closed = (event: Event) => {
      if ((event as ToggleEvent).newState === 'closed') byHover.current = false
    }
    element?.addEventListener('toggle', closed)
    return () => element?.removeEventListener('toggle', closed)
  }, [])
  const isOpen = () => popover.current?.matches(':popover-open') ?? false

  // CSS anchor positioning puts the details under this button alone.
  const anchor = `--load-${id.replace(/[^\w-]/g, '')}`
  return (
    <>
      <button
        type="button"
        className="running-load"
        style={{ anchorName: anchor }}
        aria-describedby={id}
        popoverTarget={id}
        onClick={(event) => {
          // Open from hovering: the click keeps it open rather than toggling it shut.
          if (byHover.current) {
            event.preventDefault()
            byHover.current = false
          }
        }}
        onMouseEnter={() => {
          if (isOpen()) return
          popover.current?.showPopover()
          byHover.current = true
        }}
        onMouseLeave={() => {
          if (byHover.current) popover.current?.hidePopover()
        }}
      >
        {short}
      </button>
      <span
        ref={popover}
        id={id}
        popover="auto"
        role="tooltip"
        className="running-load-details"
        style={{ positionAnchor: anchor }}
      >
        {detail}
      </span>
    </>
  )
}
