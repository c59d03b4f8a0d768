import { useId, type ReactNode } from 'react'
import { Button } from '../../components/button'
import { AddCircleOutlineOutlinedIcon } from '../../components/icons'

/** A titled section of a System page whose list grows: its heading, the button that adds to it, then its content. */
export function SystemSection({
  title,
  addLabel,
  onAdd,
  children,
}: {
  title: string
  addLabel: string
  onAdd: () => void
  children: ReactNode
}) {
  const titleId = useId()
  return (
    <section className="surface system-section" aria-labelledby={titleId}>
      <div className="system-toolbar">
        <h2 id={titleId}>{title}</h2>
        <Button variant="outlined" startIcon={<AddCircleOutlineOutlinedIcon />} onClick={onAdd}>
          {addLabel}
        </Button>
      </div>
      {children}
    </section>
  )
}
