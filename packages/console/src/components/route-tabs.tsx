import { useRef, type KeyboardEvent } from 'react'
import './route-tabs.css'

interface RouteTabsProps {
  tabs: readonly { value: string; label: string }[]
  value: string
  onChange: (value: string) => void
  label?: string
}

/*
 * A tab row drawn by CSS alone. MUI's Tabs measures the row and every tab after each render to place its sliding
 * indicator and scroll buttons (forced layouts on the first screen, and ~4 KiB gzip of code for it); here the chosen
 * tab's own border is the indicator, and a row too narrow for its tabs scrolls. Plain elements styled by
 * `route-tabs.css`, as every widget is (docs/decisions/0022).
 */
/** Keys that move the focus along the row, as WAI-ARIA's tabs pattern has them (the focus moves, the choice stays). */
const STEP: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
}

/** The tab row of a screen whose tabs are routes (Launch Model, Running Models, Register Model). */
export function RouteTabs({ tabs, value, onChange, label }: RouteTabsProps) {
  const row = useRef<HTMLDivElement>(null)

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = STEP[event.key]
    const buttons = [...(row.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]') ?? [])]
    const index = buttons.indexOf(event.target as HTMLButtonElement)
    if (!step || index < 0) return
    event.preventDefault()
    buttons[step(index, buttons.length)]?.focus()
  }

  return (
    <div className="route-tabs" ref={row} role="tablist" aria-label={label} onKeyDown={onKeyDown}>
      {tabs.map((tab) => {
        const selected = tab.value === value
        return (
          <button
            key={tab.value}
            className="route-tab"
            type="button"
            role="tab"
            aria-selected={selected}
            // One stop for Tab in the row; the arrows move within it.
            tabIndex={selected ? 0 : -1}
            onClick={() => {
              if (!selected) onChange(tab.value)
            }}
          >
            {tab.label}
          </button>
        )
      })}
    </div>
  )
}
