import type { FitSummary } from '@serving-console/contract'
import { memo, useId, type MouseEvent, type ReactNode } from 'react'
import { Chip } from '../../../components/chip'
import {
  DeleteOutlineOutlinedIcon,
  EditNoteIcon,
  EditOutlinedIcon,
  StarBorderIcon,
  StarIcon,
} from '../../../components/icons'
import { useT } from '../../../i18n/react'
import { formatBytes } from '../../../lib/format'
import { permissionFor } from '../../../lib/permission'
import { cardFitNote, GRADE_LABEL, GRADE_TONE } from '../model/fit'
import {
  cardNumber,
  contextInThousands,
  SHOWN_ABILITY_LABEL,
  shownAbility,
  type CatalogueModel,
} from '../model/catalogue-model'
import './model-card.css'

export interface ModelCardProps {
  model: CatalogueModel
  kind: string
  cached: boolean
  deleted: boolean
  favorite: boolean
  /** This machine's best choice of the model, where the server estimates it. */
  fit?: FitSummary | undefined
  onOpen: (model: CatalogueModel) => void
  onToggleFavorite: (name: string) => void
  onOpenCache: (model: CatalogueModel) => void
  onEdit: (model: CatalogueModel) => void
  onDelete: (model: CatalogueModel) => void
}

/** One of the icon buttons in the card's header: its click is its own, and does not also open the drawer. */
function CardIconButton(props: {
  label: string
  onClick: () => void
  className?: string
  children: ReactNode
}) {
  return (
    <button
      className={props.className ?? 'card-icon-button'}
      type="button"
      aria-label={props.label}
      onClick={(event: MouseEvent) => {
        event.stopPropagation()
        props.onClick()
      }}
    >
      {props.children}
    </button>
  )
}

/** SPEC §2 model card: name, chips, description, key facts; a click opens the launch drawer. */
export const ModelCard = memo(function ModelCard(props: ModelCardProps) {
  const { model, kind, cached, deleted, favorite, fit } = props
  // The card is memoised: `useT` renders it again when the language changes.
  const t = useT()
  const hintId = useId()
  // Anyone who may list models may open the drawer and read it; launching needs models:start, said on the card.
  const launch = permissionFor('models:start')
  const fitNote = cardFitNote(fit, t)
  const number = (value: number | null) => (value === null ? '-' : cardNumber(value))
  const chips = model.family && kind !== 'LLM' ? [model.family] : model.languages
  const stats =
    kind === 'LLM'
      ? [
          {
            value: model.contextLength ? contextInThousands(model.contextLength) : '-',
            label: t('launch.card.contextLength'),
          },
          { value: t(SHOWN_ABILITY_LABEL[shownAbility(model.abilities)]), label: t('launch.card.ability') },
        ]
      : kind === 'embedding'
        ? [
            { value: number(model.dimensions), label: t('launch.card.dimensions') },
            { value: number(model.maxTokens), label: t('launch.card.maxTokens') },
          ]
        : []

  return (
    // Plain elements styled by `model-card.css`: cards are many and re-render on every keystroke of the search,
    // and the first screen renders no styled component (docs/decisions/0014).
    <article
      className="model-card"
      role="listitem"
      aria-label={model.name}
      aria-disabled={deleted}
      aria-describedby={deleted ? undefined : hintId}
      tabIndex={deleted ? -1 : 0}
      onClick={() => !deleted && props.onOpen(model)}
      onKeyDown={(event) => {
        if (
          !deleted &&
          (event.key === 'Enter' || event.key === ' ') &&
          event.target === event.currentTarget
        ) {
          event.preventDefault()
          props.onOpen(model)
        }
      }}
    >
      <div className="card-header">
        <h2 className="card-name" title={model.name}>
          {model.name}
        </h2>
        {model.isBuiltin ? (
          <CardIconButton
            className={favorite ? 'card-icon-button card-favorite' : 'card-icon-button'}
            label={favorite ? t('launch.card.unfavorite') : t('launch.card.favorite')}
            onClick={() => props.onToggleFavorite(model.name)}
          >
            {favorite ? <StarIcon fontSize="small" /> : <StarBorderIcon fontSize="small" />}
          </CardIconButton>
        ) : (
          !deleted && (
            <>
              <CardIconButton label={t('launch.card.edit')} onClick={() => props.onEdit(model)}>
                <EditOutlinedIcon fontSize="small" />
              </CardIconButton>
              <CardIconButton label={t('launch.card.delete')} onClick={() => props.onDelete(model)}>
                <DeleteOutlineOutlinedIcon fontSize="small" />
              </CardIconButton>
            </>
          )
        )}
      </div>
      <div className="card-chips">
        {chips.slice(0, 4).map((chip) => (
          <Chip key={chip} label={chip} />
        ))}
        {cached && (
          <Chip
            label={t('launch.card.cached')}
            tone="success"
            action={{
              label: t('launch.card.manageCache'),
              icon: <EditNoteIcon />,
              onClick: () => props.onOpenCache(model),
            }}
          />
        )}
        {deleted && <Chip label={t('launch.card.deleted')} tone="error" />}
        {fit && fit.fit !== 'unknown' && fit.quantization && (
          <Chip
            label={t('launch.card.fit', {
              grade: t(GRADE_LABEL[fit.fit]),
              quantization:
                fit.model_size_in_billions === null
                  ? fit.quantization
                  : `${String(fit.model_size_in_billions).replace('_', '.')}B ${fit.quantization}`,
              memory: fit.memory_bytes === null ? '?' : formatBytes(fit.memory_bytes),
            })}
            tone={GRADE_TONE[fit.fit]}
          />
        )}
      </div>
      {fitNote && (
        // Whether it can be had, and how fast it would answer: the grade alone says only that it fits the memory.
        <p className="card-fit-note" title={fitNote.text}>
          {fitNote.warning ? <span className="card-fit-warning">{fitNote.text}</span> : fitNote.text}
        </p>
      )}
      <p className="card-description">{model.description}</p>
      {stats.length > 0 && (
        <div className="card-stats">
          {stats.map((stat) => (
            <div key={stat.label}>
              <div className="card-stat-value">{stat.value}</div>
              <div className="card-stat-label">{stat.label}</div>
            </div>
          ))}
        </div>
      )}
      {launch.allowed ? (
        <div className="launch-hint" id={hintId}>
          {t('launch.card.hint')}
        </div>
      ) : (
        <div className="launch-hint launch-hint-denied" id={hintId}>
          {launch.reason}
        </div>
      )}
    </article>
  )
})
