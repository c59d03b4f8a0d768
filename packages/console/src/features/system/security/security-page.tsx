import '../../../components/surface.css'
import { useT } from '../../../i18n/react'
import { useRateLimit } from '../api/system-reads'
import { SystemQuery } from '../system-query'
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
        <SystemQuery query={limits} loadError={t('system.security.limits.loadError')}>
          {(data) => <LimitsForm config={data} />}
        </SystemQuery>
      </section>
      <BannedIps />
      <BannedKeys />
    </>
  )
}
