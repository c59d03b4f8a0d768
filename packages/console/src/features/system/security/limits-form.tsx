import type { RateLimitConfig } from '@serving-console/contract'
import { useState } from 'react'
import { Button } from '../../../components/button'
import { FieldGroup } from '../../../components/field-group'
import { TextField } from '../../../components/text-field'
import type { MessageId } from '../../../i18n/catalogue'
import { useT } from '../../../i18n/react'
import { useSetRateLimit } from '../api/system-changes'
import { configOf, draftOf, LIMIT_FIELDS, limitError, TIERS, type LimitField, type Tier } from './limits'

const TIER_LABELS: Record<Tier, MessageId> = {
  ip: 'system.security.limits.ip',
  key: 'system.security.limits.key',
}
const FIELD_LABELS: Record<LimitField, MessageId> = {
  max_failures: 'system.security.field.maxFailures',
  window_seconds: 'system.security.field.window',
  ban_seconds: 'system.security.field.ban',
}
const NUMERIC = 'numeric'

/**
 * The failure limits, as first read: the form then holds what the user edits and saves. Save sends both tiers once
 * every number is within its bounds; "Saved" shows until the next edit.
 */
export function LimitsForm({ config }: { config: RateLimitConfig }) {
  const t = useT()
  const save = useSetRateLimit()
  const [draft, setDraft] = useState(() => draftOf(config))
  const [tried, setTried] = useState(false)
  const set = (tier: Tier, field: LimitField, value: string) => {
    if (save.isSuccess) save.reset()
    setDraft((old) => ({ ...old, [tier]: { ...old[tier], [field]: value } }))
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        setTried(true)
        const next = configOf(draft)
        if (next) save.mutate(next)
      }}
    >
      <div className="system-limits">
        {TIERS.map((tier) => (
          <FieldGroup key={tier} legend={t(TIER_LABELS[tier])}>
            {LIMIT_FIELDS.map((field) => (
              <TextField
                key={field}
                label={t(FIELD_LABELS[field])}
                inputMode={NUMERIC}
                value={draft[tier][field]}
                onChange={(value) => set(tier, field, value)}
                error={tried ? limitError(field, draft[tier][field]) : null}
                required
              />
            ))}
          </FieldGroup>
        ))}
      </div>
      <div className="system-toolbar">
        <span role="status" className="muted">
          {save.isSuccess ? t('system.security.saved') : null}
        </span>
        <Button type="submit" variant="contained" loading={save.isPending}>
          {t('system.save')}
        </Button>
      </div>
    </form>
  )
}
