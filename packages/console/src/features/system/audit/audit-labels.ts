import { AUDIT_CATEGORIES, AUDIT_STATUSES } from '@serving-console/contract'
import type { MessageId } from '../../../i18n/catalogue'
import { t } from '../../../i18n/i18n'
import type { TimeRange } from './audit-query'

export const RANGE_LABELS: Record<TimeRange, MessageId> = {
  '15m': 'system.audit.range.15m',
  '1h': 'system.audit.range.1h',
  '24h': 'system.audit.range.24h',
  '7d': 'system.audit.range.7d',
}

const CATEGORY_LABELS: Record<(typeof AUDIT_CATEGORIES)[number], MessageId> = {
  auth: 'system.audit.category.auth',
  inference: 'system.audit.category.inference',
  admin: 'system.audit.category.admin',
}

const STATUS_LABELS: Record<(typeof AUDIT_STATUSES)[number], MessageId> = {
  success: 'system.audit.status.success',
  error: 'system.audit.status.error',
  denied: 'system.audit.status.denied',
  login_failed: 'system.audit.status.loginFailed',
  unauthorized: 'system.audit.status.unauthorized',
  ip_banned: 'system.audit.status.ipBanned',
  key_banned: 'system.audit.status.keyBanned',
  limited: 'system.audit.status.limited',
}

const said = <K extends string>(labels: Record<K, MessageId>, value: string): string =>
  value in labels ? t(labels[value as K]) : value

/** A category or status in the language shown; one the console does not know, as the server wrote it. */
export const categoryLabel = (category: string) => said(CATEGORY_LABELS, category)
export const statusLabel = (status: string) => said(STATUS_LABELS, status)

/** The choices of a select: Any, then each known value. */
export const categoryOptions = () => [
  { value: '', label: t('system.audit.any') },
  ...AUDIT_CATEGORIES.map((value) => ({ value, label: categoryLabel(value) })),
]
export const tierOptions = () => [
  { value: '', label: t('system.audit.any') },
  { value: 'security', label: t('system.audit.tier.security') },
  { value: 'request', label: t('system.audit.tier.request') },
]
export const statusOptions = () => [
  { value: '', label: t('system.audit.any') },
  ...AUDIT_STATUSES.map((value) => ({ value, label: statusLabel(value) })),
]
