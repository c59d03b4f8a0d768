import { Chip } from '../../../components/chip'
import { CancelIcon } from '../../../components/icons'
import { useT } from '../../../i18n/react'
import type { useLaunchForm } from './use-launch-form'

/** Where the drawer's form came from, beside the model's name: a kept draft, or the last launch's settings. */
export function DraftChips({
  draft,
}: {
  draft: Pick<
    ReturnType<typeof useLaunchForm>,
    'hasDraft' | 'discardDraft' | 'hasLastConfig' | 'removeLastConfig'
  >
}) {
  const t = useT()
  return (
    <>
      {draft.hasDraft && (
        <Chip
          label={t('launch.drawer.draft')}
          action={{
            label: t('launch.drawer.discardDraft'),
            icon: <CancelIcon fontSize="small" />,
            onClick: draft.discardDraft,
          }}
        />
      )}
      {draft.hasLastConfig && (
        <Chip
          label={t('launch.drawer.lastConfig')}
          tone="primary"
          action={{
            label: t('launch.drawer.removeLastConfig'),
            icon: <CancelIcon fontSize="small" />,
            onClick: draft.removeLastConfig,
          }}
        />
      )}
    </>
  )
}
