import type { ReactNode } from 'react'
import './field-group.css'

/** Choices that belong together (check boxes), under a legend that turns red while none is chosen. */
export function FieldGroup({
  legend,
  missing = false,
  children,
  below,
}: {
  legend: string
  missing?: boolean
  children: ReactNode
  /** More under the row of choices (a picker of the rest). */
  below?: ReactNode
}) {
  return (
    <fieldset className="field-group">
      <legend className={missing ? 'field-group-missing' : undefined}>{legend}</legend>
      <div className="field-group-row">{children}</div>
      {below}
    </fieldset>
  )
}
