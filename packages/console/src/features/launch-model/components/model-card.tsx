import DeleteOutlineOutlined from '@mui/icons-material/DeleteOutlineOutlined'
import EditNote from '@mui/icons-material/EditNote'
import EditOutlined from '@mui/icons-material/EditOutlined'
import Star from '@mui/icons-material/Star'
import StarBorder from '@mui/icons-material/StarBorder'
import { Chip } from '@mui/material'
import { styled } from '@mui/material/styles'
import { memo, type MouseEvent } from 'react'
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

// Static styles: cards are many and re-render on every keystroke of the search, so they avoid per-render `sx`.
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
}))
/** Covers the card's foot while hovered; hidden otherwise, and never in the way of a click. */
const LaunchHint = styled('div')(({ theme }) => ({
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
}))
const Header = styled('div')({ display: 'flex', alignItems: 'center', gap: 8, minHeight: 34 })
const Name = styled('h3')({
  margin: 0,
  fontSize: 17,
  fontWeight: 700,
  flex: 1,
  minWidth: 0,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
})
const Chips = styled('div')({
  display: 'flex',
  gap: 6,
  flexWrap: 'wrap',
  margin: '8px 0',
  maxHeight: 52,
  overflow: 'hidden',
})
const Description = styled('p')(({ theme }) => ({
  margin: 0,
  flex: 1,
  color: theme.palette.text.secondary,
  fontSize: theme.typography.body2.fontSize,
  lineHeight: 1.43,
  display: '-webkit-box',
  WebkitLineClamp: 3,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
}))
const Stats = styled('div')(({ theme }) => ({
  display: 'flex',
  gap: 24,
  marginTop: 12,
  paddingTop: 12,
  borderTop: `1px solid ${theme.palette.divider}`,
}))
const StatValue = styled('div')({ fontWeight: 700, fontSize: 16 })
const StatLabel = styled('div')(({ theme }) => ({ fontSize: 11, color: theme.palette.text.secondary }))
const favoriteColor = { color: '#f5a623' }
/** A plain icon button: MUI's IconButton costs more than a grid re-rendered on each keystroke can spare. */
const IconButton = styled('button')(({ theme }) => ({
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
}))
/** Language and family tags: plain spans, far cheaper than MUI Chips for a grid that re-renders as you type. */
const Tag = styled('span')(({ theme }) => ({
  display: 'inline-flex',
  alignItems: 'center',
  height: 24,
  padding: '0 8px',
  borderRadius: 12,
  border: `1px solid ${theme.palette.grey[400]}`,
  fontSize: 12,
  color: theme.palette.text.primary,
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
      <Header>
        <Name title={model.name}>{model.name}</Name>
        {model.isBuiltin ? (
          <IconButton
            type="button"
            aria-label={favorite ? 'Unfavorite' : 'Favorite'}
            onClick={stop(() => props.onToggleFavorite(model.name))}
            style={favorite ? favoriteColor : undefined}
          >
            {favorite ? <Star fontSize="small" /> : <StarBorder fontSize="small" />}
          </IconButton>
        ) : (
          !deleted && (
            <>
              <IconButton type="button" aria-label="Edit" onClick={stop(() => props.onEdit(model))}>
                <EditOutlined fontSize="small" />
              </IconButton>
              <IconButton type="button" aria-label="Delete" onClick={stop(() => props.onDelete(model))}>
                <DeleteOutlineOutlined fontSize="small" />
              </IconButton>
            </>
          )
        )}
      </Header>
      <Chips>
        {chips.slice(0, 4).map((chip) => (
          <Tag key={chip}>{chip}</Tag>
        ))}
        {cached && (
          <Chip
            label="Cached"
            size="small"
            color="success"
            variant="outlined"
            onDelete={() => props.onOpenCache(model)}
            deleteIcon={
              <EditNote aria-label="Manage cached files" onClick={stop(() => props.onOpenCache(model))} />
            }
          />
        )}
        {deleted && <Chip label="Deleted" size="small" color="error" />}
      </Chips>
      <Description>{model.description}</Description>
      {stats.length > 0 && (
        <Stats>
          {stats.map((stat) => (
            <div key={stat.label}>
              <StatValue>{stat.value}</StatValue>
              <StatLabel>{stat.label}</StatLabel>
            </div>
          ))}
        </Stats>
      )}
      <LaunchHint className="launch-hint">Click with mouse to launch the model</LaunchHint>
    </Frame>
  )
})
