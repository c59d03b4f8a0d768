import { useState } from 'react'
import { Button } from '../../../components/button'
import { FileDownloadOutlinedIcon } from '../../../components/icons'
import { useT } from '../../../i18n/react'
import { useExportAudit } from '../api/export-audit'
import { useAuditSearch } from '../api/system-reads'
import { SystemQuery } from '../system-query'
import { AuditFiltersForm } from './audit-filters'
import { AuditTable } from './audit-table'
import { auditQueryString, NO_FILTERS, PAGE_SIZE, type AuditFilters } from './audit-query'
import '../system.css'

/** Audit (admin): the requests the server recorded, filtered, a page at a time; and the same as CSV. */
export function AuditPage() {
  const t = useT()
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS)
  const [page, setPage] = useState(0)
  const search = useAuditSearch(auditQueryString(filters, page))
  const exporting = useExportAudit()
  const total = search.data?.total ?? 0
  const hits = search.data?.hits ?? []
  const first = page * PAGE_SIZE

  return (
    <>
      <AuditFiltersForm
        applied={filters}
        onApply={(next) => {
          setFilters(next)
          setPage(0)
        }}
      />
      <div className="system-toolbar">
        <span role="status" className="muted">
          {search.data && total > 0
            ? t('common.grid.displayedRows', {
                from: first + 1,
                to: first + hits.length,
                count: total,
              })
            : null}
        </span>
        <span className="system-actions">
          <Button disabled={page === 0} onClick={() => setPage(page - 1)}>
            {t('system.audit.previous')}
          </Button>
          <Button disabled={first + hits.length >= total} onClick={() => setPage(page + 1)}>
            {t('system.audit.next')}
          </Button>
          <Button
            variant="outlined"
            startIcon={<FileDownloadOutlinedIcon />}
            loading={exporting.isPending}
            onClick={() => exporting.mutate(auditQueryString(filters))}
          >
            {t('system.audit.export')}
          </Button>
        </span>
      </div>
      <SystemQuery
        query={search}
        loadError={t('system.audit.loadError')}
        empty={t('system.audit.empty')}
        isEmpty={(data) => data.hits.length === 0}
      >
        {(data) => <AuditTable hits={data.hits} />}
      </SystemQuery>
    </>
  )
}
