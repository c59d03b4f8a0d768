import { startTransition, useLayoutEffect, useRef, useState, type ReactNode } from 'react'
import { useT } from '../../../i18n/react'
import './model-grid.css'

/** SPEC §9: columns at least 300 px wide. */
const MIN_COLUMN = 300
const GAP = 20
export const CARD_HEIGHT = 240
const ROW = CARD_HEIGHT + GAP
/** Rows rendered beyond the window, so fast scrolling shows no gaps. */
const OVERSCAN = 1
const ROW_STYLE = { position: 'absolute', left: 0, right: 0, display: 'grid', gap: GAP } as const
const CELL_STYLE = { height: CARD_HEIGHT, minWidth: 0 } as const

interface ModelGridProps<T> {
  items: readonly T[]
  itemKey: (item: T) => string
  renderItem: (item: T) => ReactNode
}

/**
 * A responsive card grid that renders only the rows in (or near) the window: the full upstream catalogue has
 * hundreds of models, and rendering every card makes typing in the search field lag. The page itself scrolls.
 */
export function ModelGrid<T>({ items, itemKey, renderItem }: ModelGridProps<T>) {
  const t = useT()
  const container = useRef<HTMLDivElement>(null)
  const [view, setView] = useState({ width: 0, first: 0, last: 4 })

  useLayoutEffect(() => {
    const element = container.current
    if (!element) return
    let frame = 0
    const measure = () => {
      frame = 0
      const box = element.getBoundingClientRect()
      const first = Math.max(0, Math.floor(-box.top / ROW) - OVERSCAN)
      const last = Math.max(0, Math.ceil((window.innerHeight - box.top) / ROW) + OVERSCAN)
      setView((old) =>
        old.width === box.width && old.first === first && old.last === last
          ? old
          : { width: box.width, first, last },
      )
    }
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure)
    }
    // The first cards render as a transition, in slices after the page around them is painted, rather than in the
    // same task as the page's commit (which took ~100 ms when the console opens on this page).
    startTransition(measure)
    const observer = new ResizeObserver(schedule)
    observer.observe(element)
    window.addEventListener('scroll', schedule, { passive: true })
    window.addEventListener('resize', schedule)
    return () => {
      cancelAnimationFrame(frame)
      observer.disconnect()
      window.removeEventListener('scroll', schedule)
      window.removeEventListener('resize', schedule)
    }
  }, [])

  const columns = Math.max(1, Math.floor((view.width + GAP) / (MIN_COLUMN + GAP)))
  const rows = Math.ceil(items.length / columns)
  // Plain elements with inline styles: the grid re-renders on every keystroke, and each MUI `sx` would be
  // serialised by emotion again on each of those renders; these values change per row, so a class cannot hold them.
  const rowStyle = { ...ROW_STYLE, gridTemplateColumns: `repeat(${String(columns)}, minmax(0, 1fr))` }
  const visible = []
  // Until the first measure (before the first paint), no cards: they would be laid out for one column and redone.
  const last = view.width === 0 ? 0 : Math.min(rows, view.last)
  for (let row = view.first; row < last; row++) {
    visible.push(
      <div key={row} role="presentation" style={{ ...rowStyle, top: row * ROW }}>
        {items.slice(row * columns, row * columns + columns).map((item) => (
          <div key={itemKey(item)} style={CELL_STYLE}>
            {renderItem(item)}
          </div>
        ))}
      </div>,
    )
  }
  return (
    <div
      ref={container}
      role="list"
      aria-label={t('launch.catalogue.label')}
      style={{ position: 'relative', height: Math.max(0, rows * ROW - GAP) }}
    >
      {visible}
    </div>
  )
}

/** Placeholders: two rows of cards on the widest screens, more than a phone shows. */
const PLACEHOLDERS = 8

/**
 * The grid before its models have come: cards' outlines where the cards will be (the same columns, height and gap as
 * `ModelGrid`, by CSS alone), and for assistive technology, the loading message. It is what the first paint
 * shows (prerendered into index.html), so the cards take its place without anything moving.
 */
export function CardGridSkeleton({ label }: { label: string }) {
  return (
    <div className="card-grid-skeleton" role="status">
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: PLACEHOLDERS }, (_, index) => (
        <div key={index} className="card-skeleton" aria-hidden="true">
          <span className="card-skeleton-line card-skeleton-title" />
          <span className="card-skeleton-line card-skeleton-chip" />
          <span className="card-skeleton-line" />
          <span className="card-skeleton-line card-skeleton-short" />
        </div>
      ))}
    </div>
  )
}
