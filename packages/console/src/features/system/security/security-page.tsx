import { SystemLoadError } from '../permission-notice'
import { Spinner } from '../../../components/spinner'
import '../../../components/surface.css'
import { useT } from '../../../i18n/react'
import { useRateLimit } from '../api/system-reads'
import { BannedIps } from './banned-ips'
import { BannedKeys } from './banned-keys'
import { LimitsForm } from './limits-form'
import '../system.css'

/** Security (admin): the failure limits, and the bans they made. */
export function SecurityPage() {
  const t = useT()
  const limits = useRateLimit()
  return (
    <>
      <section className="surface system-section" aria-labelledby="failure-limits-title">
        <h2 id="failure-limits-title">{t('system.security.limits.title')}</h2>
        <p className="muted">{t('system.security.limits.intro')}</p>
        {limits.isError ? (
          <SystemLoadError
            title={t('system.security.limits.loadError')}
            error={limits.error}
            onRetry={() => void limits.refetch()}
          />
        ) : !limits.data ? (
          <Spinner label={t('common.loading')} />
        ) : (
          <LimitsForm config={limits.data} />
        )}
      </section>
      <BannedIps />
      <BannedKeys />
    </>
  )
}
