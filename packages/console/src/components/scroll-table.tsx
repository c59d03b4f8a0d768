import type { ReactNode } from 'react'
import type { MessageId } from '../i18n/catalogue'
import { useT } from '../i18n/react'
import './table.css'

/**
 * A data table that may be wider than a narrow window: it scrolls within itself, and takes the focus so that the
 * keyboard can scroll it; `label` names the scrolling region. Its header row names `columns`; `children` are the
 * body's rows.
 */
export function ScrollTable({
  label,
  className,
  columns,
  children,
}: {
  label: string
  className: string
  columns: readonly MessageId[]
  children: ReactNode
}) {
  const t = useT()
  return (
    <div className="table-scroll" role="group" aria-label={label} tabIndex={0}>
      <table className={`table ${className}`}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {t(column)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  )
}
