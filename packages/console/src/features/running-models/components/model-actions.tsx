import type { ReactNode } from 'react'
import { listedName, type ListedModel } from '../../../lib/clusters'
import { IconButton } from '../../../components/button'
import {
  ArticleOutlinedIcon,
  DeleteOutlineOutlinedIcon,
  CodeIcon,
  OpenInBrowserOutlinedIcon,
  ScienceOutlinedIcon,
} from '../../../components/icons'
import { useNavigate } from 'react-router'
import { useT } from '../../../i18n/react'
import { hasPlayground } from '../../../lib/playgrounds'
import { routes } from '../../../lib/routes'
import { reasonId, type Right, type Rights } from '../model/rights'
import './model-actions.css'

export interface ModelActionHandlers {
  onTerminate: (row: ListedModel) => void
  onOpenUi: (row: ListedModel) => void
  /** Absent where the server keeps no per-model logs (a gateway to Xinference). */
  onLogs?: ((row: ListedModel) => void) | undefined
}

/**
 * An icon action with its name as tooltip and accessible name, as upstream's table has them. One the user's
 * rights do not allow stays in its place, focusable, described by the visible line saying why (`reasonId`).
 */
function Action(props: {
  label: string
  /** A longer accessible name where the tooltip alone would be ambiguous in a list. */
  name?: string
  icon: ReactNode
  busy: boolean
  right: Right
  rights: Rights
  onClick: () => void
  danger?: boolean
}) {
  const allowed = props.rights[props.right]
  return (
    <IconButton
      size="small"
      label={props.name ?? props.label}
      title={allowed.allowed ? props.label : `${props.label}: ${allowed.reason}`}
      color={props.danger ? 'error' : 'primary'}
      disabled={props.busy}
      aria-disabled={allowed.allowed ? undefined : true}
      aria-describedby={allowed.allowed ? undefined : reasonId(props.right)}
      className={props.danger ? 'running-terminate' : undefined}
      onClick={allowed.allowed ? props.onClick : undefined}
    >
      {props.icon}
    </IconButton>
  )
}

/**
 * A model's actions: its playground (chat, embedding, rerank), Launch Web UI (LLM and image), its log, and Terminate — the one that cannot be undone — set
 * apart from the others so that no slip reaches it (and it asks first: running-models-page.tsx).
 */
export function ModelActions({
  row,
  withUi,
  busy,
  rights,
  onTerminate,
  onOpenUi,
  onLogs,
}: ModelActionHandlers & { row: ListedModel; withUi: boolean; busy: boolean; rights: Rights }) {
  const t = useT()
  const navigate = useNavigate()
  const uid = listedName(row)
  // A cluster's model is tried in the playground as clients reach it, `cluster/uid`; it has no Web UI or log
  // here: the chat page tries this server's models, and the log is its cluster's machines' (docs/clusters.md).
  const here = row.cluster === undefined
  return (
    <span className="running-actions">
      {hasPlayground(row.model_type) && (
        <Action
          label={t('running.action.playground')}
          name={t('running.action.playgroundOf', { uid })}
          icon={<ScienceOutlinedIcon fontSize="small" />}
          busy={busy}
          right="read"
          rights={rights}
          onClick={() => void navigate(routes.playground.href(uid))}
        />
      )}
      {here && withUi && (
        <Action
          label={t('running.action.webUi')}
          icon={<OpenInBrowserOutlinedIcon fontSize="small" />}
          busy={busy}
          right="read"
          rights={rights}
          onClick={() => onOpenUi(row)}
        />
      )}
      {here && onLogs && (
        <Action
          label={t('running.action.log')}
          name={t('running.action.logOf', { uid })}
          icon={<ArticleOutlinedIcon fontSize="small" />}
          busy={busy}
          right="read"
          rights={rights}
          onClick={() => onLogs(row)}
        />
      )}
      <Action
        label={t('running.action.terminate')}
        name={t('running.action.terminateOf', { uid })}
        danger
        icon={<DeleteOutlineOutlinedIcon fontSize="small" />}
        busy={busy}
        right="stop"
        rights={rights}
        onClick={() => onTerminate(row)}
      />
    </span>
  )
}

/** The code button beside a model's ID: its usage and how to use it (the model dialog). */
export function UseButton({ row, onUse }: { row: ListedModel; onUse: (row: ListedModel) => void }) {
  const t = useT()
  return (
    <IconButton
      size="small"
      label={t('running.action.useOf', { uid: listedName(row) })}
      title={t('running.action.use')}
      onClick={() => onUse(row)}
    >
      <CodeIcon fontSize="small" />
    </IconButton>
  )
}
