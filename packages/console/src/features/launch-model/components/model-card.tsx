import DeleteOutlineOutlined from '@mui/icons-material/DeleteOutlineOutlined'
import EditNote from '@mui/icons-material/EditNote'
import EditOutlined from '@mui/icons-material/EditOutlined'
import Star from '@mui/icons-material/Star'
import StarBorder from '@mui/icons-material/StarBorder'
import { styled } from '@mui/material/styles'
import { memo, type MouseEvent } from 'react'
import { Chip, chipStyles } from '../../../components/chip'
import { contextInThousands, shownAbility, type CatalogueModel } from '../model/catalogue-model'

export interface ModelCardProps {
  model: CatalogueModel
  kind: string
  cached: boolean
  deleted: boolean
  favorite: boolean
  onOpen: (model: CatalogueModel) => void
  onToggleFavorite: (name: string) => void
  onOpenCache: (model: CatalogueModel) => void
  onEdit: (model: CatalogueModel) => void
  onDelete: (model: CatalogueModel) => void
}

const favoriteColor = { color: '#f5a623' }

/**
 * One styled element per card, its parts styled by class from here: cards are many and re-render on every
 * keystroke of the search, and each styled element (or `sx`) is serialised by emotion on each render, so the parts
 * are plain elements. The theme stays the one source of the values.
 */
const Frame = styled('article')(({ theme }) => ({
  position: 'relative',
  height: '100%',
  padding: theme.spacing(2),
  display: 'flex',
  flexDirection: 'column',
  cursor: 'pointer',
  background: theme.palette.background.paper,
  border: `1px solid ${theme.palette.divider}`,
  borderRadius: theme.shape.borderRadius,
  transition: 'border-color 120ms, box-shadow 120ms',
  '&:hover, &:focus-visible': {
    borderColor: theme.palette.primary.main,
    boxShadow: theme.shadows[2],
    outline: 'none',
  },
  // SPEC §2: hovering shows 'Click with mouse to launch the model' in the card, as upstream does, by CSS alone.
  '&:hover .launch-hint, &:focus-visible .launch-hint': { opacity: 1 },
  '&[aria-disabled=true]': {
    cursor: 'default',
    opacity: 0.55,
    borderColor: theme.palette.divider,
    boxShadow: 'none',
  },
  '&[aria-disabled=true] .launch-hint': { display: 'none' },
  // Covers the card's foot while hovered; hidden otherwise, and never in the way of a click.
  '& .launch-hint': {
    position: 'absolute',
    left: 0,
    right: 0,
    bottom: 0,
    padding: theme.spacing(1.5, 2),
    borderTop: `1px solid ${theme.palette.divider}`,
    borderRadius: `0 0 ${String(theme.shape.borderRadius)}px ${String(theme.shape.borderRadius)}px`,
    background: theme.palette.background.paper,
    color: theme.palette.primary.main,
    fontWeight: 600,
    fontSize: 14,
    textAlign: 'center',
    opacity: 0,
    transition: 'opacity 120ms',
    pointerEvents: 'none',
  },
  '& .card-header': { display: 'flex', alignItems: 'center', gap: 8, minHeight: 34 },
  '& .card-name': {
    margin: 0,
    fontSize: 17,
    fontWeight: 700,
    flex: 1,
    minWidth: 0,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  '& .card-chips': {
    display: 'flex',
    gap: 6,
    flexWrap: 'wrap',
    margin: '8px 0',
    maxHeight: 52,
    overflow: 'hidden',
  },
  ...chipStyles(theme),
  '& .card-description': {
    margin: 0,
    flex: 1,
    color: theme.palette.text.secondary,
    fontSize: theme.typography.body2.fontSize,
    lineHeight: 1.43,
    display: '-webkit-box',
    WebkitLineClamp: 3,
    WebkitBoxOrient: 'vertical',
    overflow: 'hidden',
  },
  '& .card-stats': {
    display: 'flex',
    gap: 24,
    marginTop: 12,
    paddingTop: 12,
    borderTop: `1px solid ${theme.palette.divider}`,
  },
  '& .card-stat-value': { fontWeight: 700, fontSize: 16 },
  '& .card-stat-label': { fontSize: 11, color: theme.palette.text.secondary },
  // A plain icon button: MUI's IconButton costs more than a grid re-rendered on each keystroke can spare.
  '& .card-icon-button': {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: 30,
    height: 30,
    padding: 0,
    border: 0,
    borderRadius: '50%',
    background: 'transparent',
    color: theme.palette.action.active,
    cursor: 'pointer',
    '&:hover': { background: theme.palette.action.hover },
    '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}` },
  },
}))

const stop = (handler: () => void) => (event: MouseEvent) => {
  event.stopPropagation()
  handler()
}

/** SPEC §2 model card: name, chips, description, key facts; a click opens the launch drawer. */
export const ModelCard = memo(function ModelCard(props: ModelCardProps) {
  const { model, kind, cached, deleted, favorite } = props
  const chips = model.family && kind !== 'LLM' ? [model.family] : model.languages
  const stats =
    kind === 'LLM'
      ? [
          {
            value: model.contextLength ? contextInThousands(model.contextLength) : '-',
            label: 'context length',
          },
          { value: shownAbility(model.abilities), label: 'model ability' },
        ]
      : kind === 'embedding'
        ? [
            { value: String(model.dimensions ?? '-'), label: 'dimensions' },
            { value: String(model.maxTokens ?? '-'), label: 'max tokens' },
          ]
        : []

  return (
    <Frame
      role="listitem"
      aria-label={model.name}
      aria-disabled={deleted}
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
        <h3 className="card-name" title={model.name}>
          {model.name}
        </h3>
        {model.isBuiltin ? (
          <button
            className="card-icon-button"
            type="button"
            aria-label={favorite ? 'Unfavorite' : 'Favorite'}
            onClick={stop(() => props.onToggleFavorite(model.name))}
            style={favorite ? favoriteColor : undefined}
          >
            {favorite ? <Star fontSize="small" /> : <StarBorder fontSize="small" />}
          </button>
        ) : (
          !deleted && (
            <>
              <button
                className="card-icon-button"
                type="button"
                aria-label="Edit"
                onClick={stop(() => props.onEdit(model))}
              >
                <EditOutlined fontSize="small" />
              </button>
              <button
                className="card-icon-button"
                type="button"
                aria-label="Delete"
                onClick={stop(() => props.onDelete(model))}
              >
                <DeleteOutlineOutlined fontSize="small" />
              </button>
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
            label="Cached"
            tone="success"
            action={{
              label: 'Manage cached files',
              icon: <EditNote />,
              onClick: () => props.onOpenCache(model),
            }}
          />
        )}
        {deleted && <Chip label="Deleted" tone="error" />}
      </div>
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
      <div className="launch-hint">Click with mouse to launch the model</div>
    </Frame>
  )
})
