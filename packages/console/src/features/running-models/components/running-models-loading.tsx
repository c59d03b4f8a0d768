import { useT } from '../../../i18n/react'
import { runningColumns } from '../model/columns'
import './running-models-loading.css'

/**
 * Running models before the first answer, or before the data grid's code has arrived: SPEC §2's loading row under
 * the columns of `type`, laid out as the grid lays them out (model/columns.ts), or on a phone the cards' note. Plain
 * markup, both at once and CSS choosing by width, so the build can put it in the page (app/shell/prerender.tsx):
 * the browser paints it before any script, whatever the window's width, and the grid then takes its place.
 */
export function RunningModelsLoading({ type }: { type: string }) {
  const t = useT()
  const columns = runningColumns(type)
  const widths = columns
    .map(({ minWidth, flex }) => (flex ? `minmax(${minWidth}px, ${flex}fr)` : `${minWidth}px`))
    .join(' ')
  return (
    <div className="running-loading" aria-busy="true">
      <p className="running-cards-note running-loading-note">{t('running.table.loading')}</p>
      <div className="running-loading-grid">
        <div className="running-loading-toolbar" />
        <div className="running-loading-head" style={{ gridTemplateColumns: widths }}>
          {columns.map(({ field, header }) => (
            <span key={field}>{t(header)}</span>
          ))}
        </div>
        <div className="running-loading-row">{t('running.table.loading')}</div>
      </div>
    </div>
  )
}
