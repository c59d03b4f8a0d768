import { Tab, Tabs } from '@mui/material'

interface RouteTabsProps {
  tabs: readonly { value: string; label: string }[]
  value: string
  onChange: (value: string) => void
  label?: string
}

/** The tab row of a screen whose tabs are routes (Launch Model, Running Models). */
export function RouteTabs({ tabs, value, onChange, label }: RouteTabsProps) {
  return (
    <Tabs
      value={value}
      onChange={(_event, next: string) => onChange(next)}
      variant="scrollable"
      aria-label={label}
      sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
    >
      {tabs.map((tab) => (
        <Tab key={tab.value} value={tab.value} label={tab.label} />
      ))}
    </Tabs>
  )
}
