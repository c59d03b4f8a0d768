import DeleteOutlineOutlined from '@mui/icons-material/DeleteOutlineOutlined'
import EditNote from '@mui/icons-material/EditNote'
import EditOutlined from '@mui/icons-material/EditOutlined'
import Star from '@mui/icons-material/Star'
import StarBorder from '@mui/icons-material/StarBorder'
import { Box, Card, Chip, IconButton, Stack, Tooltip, Typography } from '@mui/material'
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

function Stat({ value, label }: { value: string; label: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography sx={{ fontWeight: 700, fontSize: 16 }} noWrap>
        {value}
      </Typography>
      <Typography variant="caption" color="text.secondary" noWrap component="div">
        {label}
      </Typography>
    </Box>
  )
}

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
    <Tooltip title="Click with mouse to launch the model" placement="top" followCursor>
      <Card
        variant="outlined"
        role="listitem"
        aria-label={model.name}
        aria-disabled={deleted || undefined}
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
        sx={{
          height: '100%',
          p: 2,
          display: 'flex',
          flexDirection: 'column',
          cursor: deleted ? 'default' : 'pointer',
          opacity: deleted ? 0.55 : 1,
          transition: 'border-color 120ms, box-shadow 120ms',
          '&:hover, &:focus-visible': deleted
            ? {}
            : { borderColor: 'primary.main', boxShadow: 2, outline: 'none' },
        }}
      >
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, minHeight: 34 }}>
          <Typography
            component="h3"
            sx={{ fontSize: 17, fontWeight: 700, flex: 1, minWidth: 0 }}
            noWrap
            title={model.name}
          >
            {model.name}
          </Typography>
          {model.isBuiltin ? (
            <IconButton
              size="small"
              aria-label={favorite ? 'Unfavorite' : 'Favorite'}
              onClick={stop(() => props.onToggleFavorite(model.name))}
              sx={{ color: favorite ? '#f5a623' : 'action.active' }}
            >
              {favorite ? <Star fontSize="small" /> : <StarBorder fontSize="small" />}
            </IconButton>
          ) : (
            !deleted && (
              <>
                <IconButton size="small" aria-label="Edit" onClick={stop(() => props.onEdit(model))}>
                  <EditOutlined fontSize="small" />
                </IconButton>
                <IconButton size="small" aria-label="Delete" onClick={stop(() => props.onDelete(model))}>
                  <DeleteOutlineOutlined fontSize="small" />
                </IconButton>
              </>
            )
          )}
        </Stack>
        <Stack direction="row" sx={{ gap: 0.75, flexWrap: 'wrap', my: 1, maxHeight: 52, overflow: 'hidden' }}>
          {chips.slice(0, 4).map((chip) => (
            <Chip key={chip} label={chip} size="small" variant="outlined" />
          ))}
          {cached && (
            <Chip
              label="Cached"
              size="small"
              color="success"
              variant="outlined"
              onDelete={() => props.onOpenCache(model)}
              deleteIcon={
                <Tooltip title="Manage cached files">
                  <EditNote aria-label="Manage cached files" onClick={stop(() => props.onOpenCache(model))} />
                </Tooltip>
              }
            />
          )}
          {deleted && <Chip label="Deleted" size="small" color="error" />}
        </Stack>
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{
            display: '-webkit-box',
            WebkitLineClamp: 3,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
            flex: 1,
          }}
        >
          {model.description}
        </Typography>
        {stats.length > 0 && (
          <Stack direction="row" sx={{ gap: 3, mt: 1.5, pt: 1.5, borderTop: 1, borderColor: 'divider' }}>
            {stats.map((stat) => (
              <Stat key={stat.label} {...stat} />
            ))}
          </Stack>
        )}
      </Card>
    </Tooltip>
  )
})
