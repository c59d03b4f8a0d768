import { api } from '@serving-console/contract'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { Link, Navigate, useNavigate, useParams } from 'react-router'
import { Button } from '../../components/button'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { DeleteOutlineOutlinedIcon } from '../../components/icons'
import { LoadError } from '../../components/load-error'
import { PageHeader } from '../../components/page-header'
import { RouteTabs } from '../../components/route-tabs'
import { routeKey } from '../../lib/api-query'
import { useAppState } from '../../lib/app-state'
import { rememberSection, routes } from '../../lib/routes'
import { useLaterChunk } from '../../lib/later-chunk'
import { useServerFeature } from '../../lib/server-features'
import { tokenCookie } from '../../lib/storage'
import type { MessageId } from '../../i18n/catalogue'
import { useT } from '../../i18n/react'
import { useOpenModelUi } from './api/model-ui'
import { listedName, type ListedModel } from '../../lib/clusters'
import { useListedModels } from '../../lib/listed-models'
import { ClusterTroubles } from '../../components/cluster-troubles'
import { rowsOfType, useTerminateModel } from './api/running-models'
import { DeniedReasons } from './components/denied-reasons'
import { LaunchesPanel } from './components/launches-panel'
import { HealthDialog } from './components/health-dialog'
import { LogsDialog } from './components/logs-dialog'
import { ModelDialog } from './components/model-dialog'
import { RunningModelCards } from './components/running-model-cards'
import { RunningModelsLoading } from './components/running-models-loading'
import { terminateQuestion } from './model/terminate-question'
import { reasonId, rightsNow } from './model/rights'
import { useMediaQuery } from './model/use-media-query'
import { PHONE, tableChunk } from './table-chunk'
import type { RunningModelsViewProps } from './components/running-models-table'
import './running-models-page.css'

/** The data grid once its chunk is here (table-chunk.ts), its columns and loading row until then. */
function RunningModelsTable(props: RunningModelsViewProps) {
  useLaterChunk(tableChunk)
  const Table = tableChunk.value
  return Table ? <Table {...props} /> : <RunningModelsLoading type={props.type} />
}

// Message ids, said at render time so the tabs follow a change of language.
const TABS = [
  { value: 'LLM', label: 'running.tab.llm' },
  { value: 'embedding', label: 'running.tab.embedding' },
  { value: 'rerank', label: 'running.tab.rerank' },
  { value: 'image', label: 'running.tab.image' },
  { value: 'audio', label: 'running.tab.audio' },
  { value: 'flexible', label: 'running.tab.flexible' },
] as const satisfies readonly { value: string; label: MessageId }[]

/** SPEC §2 "Running Models". */
export function RunningModelsPage() {
  const t = useT()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const { runningModelType } = useParams()
  const { isCallingApi, endPoint } = useAppState()
  const terminate = useTerminateModel()
  const openUi = useOpenModelUi(endPoint)
  const cookie = tokenCookie.get()
  // This server's models and those of every cluster it holds (docs/clusters.md), each list on its own.
  const { own: models, rows, clusters, troubles } = useListedModels(cookie)
  const [logsOf, setLogsOf] = useState<string | null>(null)
  const [healthOf, setHealthOf] = useState<string | null>(null)
  const [stopAllAsked, setStopAllAsked] = useState(false)
  // The model whose Terminate was pressed: it is stopped once the user says yes (it cannot be undone).
  const [terminateAsked, setTerminateAsked] = useState<ListedModel | null>(null)
  const rights = rightsNow()
  const phone = useMediaQuery(PHONE)
  const [useOf, setUseOf] = useState<string | null>(null)
  const useRow = rows?.find((row) => listedName(row) === useOf)
  // The row as last read, so the dialog follows the model's health.
  const healthRow = rows?.find((row) => listedName(row) === healthOf)
  const modelLogs = useServerFeature('model_logs')

  // SPEC §4: the list reloads whenever the calling flag changes.
  // Only on a change: on mount the query is already loading, and a second request would cancel the first.
  const lastFlag = useRef(isCallingApi)
  useEffect(() => {
    if (lastFlag.current === isCallingApi) return
    lastFlag.current = isCallingApi
    // Every running list, whichever token it was read with (not the attention strip, which keeps its beat).
    void queryClient.invalidateQueries({ queryKey: routeKey(api.listModels) })
  }, [isCallingApi, queryClient])

  const tab = TABS.find((candidate) => candidate.value === runningModelType)
  if (!tab) return <Navigate to={routes.runningModels.href()} replace />

  const choose = (value: string) => {
    const path = routes.runningModels.href(value)
    rememberSection(path)
    void navigate(path)
  }

  const openWebUi = (row: ListedModel) => {
    // Opened now, inside the click, so no pop-up blocker stops it; pointed at the UI once it exists. The UI's page
    // gets no handle on this window (a cluster's page could otherwise send the console elsewhere).
    const tabWindow = window.open('', '_blank')
    if (tabWindow) tabWindow.opener = null
    openUi.mutate(row, {
      onSuccess: (url) => {
        if (tabWindow) tabWindow.location.href = url
        else window.open(url, '_blank')
      },
      onError: () => tabWindow?.close(),
    })
  }

  const View = phone ? RunningModelCards : RunningModelsTable
  const shown = rowsOfType(rows ?? [], tab.value)
  // Every running model, of every tab and cluster: Stop all says how many and which.
  const everyModel = rows ?? []
  const stopAll = async () => {
    setStopAllAsked(false)
    // One after another, as the Terminate buttons would: a failure is only logged (SPEC §8), the rest go on.
    for (const row of everyModel) await terminate.mutateAsync(row).catch(() => undefined)
  }

  return (
    <>
      <PageHeader title={t('running.title')} />
      <RouteTabs
        tabs={TABS.map(({ value, label }) => ({ value, label: t(label) }))}
        value={tab.value}
        onChange={choose}
      />
      <LaunchesPanel rights={rights} />
      <div className="running-toolbar">
        <DeniedReasons rights={rights} />
        <Button
          variant="outlined"
          color="error"
          size="small"
          startIcon={<DeleteOutlineOutlinedIcon fontSize="small" />}
          disabled={everyModel.length === 0 || isCallingApi || !rights.stop.allowed}
          aria-describedby={rights.stop.allowed ? undefined : reasonId('stop')}
          onClick={() => setStopAllAsked(true)}
        >
          {t('running.stopAll', { count: everyModel.length })}
        </Button>
      </div>
      {/* Drawn only when asked: a closed MUI dialog still adds MUI's styles, which the prerendered page lacks. */}
      {stopAllAsked && (
        <ConfirmDialog
          open
          text={t('running.stopAll.confirm', {
            count: everyModel.length,
            uids: everyModel.map(listedName).join(', '),
          })}
          onConfirm={() => void stopAll()}
          onCancel={() => setStopAllAsked(false)}
        />
      )}
      {terminateAsked && (
        <ConfirmDialog
          open
          text={terminateQuestion(terminateAsked, t)}
          onConfirm={() => {
            terminate.mutate(terminateAsked)
            setTerminateAsked(null)
          }}
          onCancel={() => setTerminateAsked(null)}
        />
      )}
      {models.isError && (
        <LoadError
          title={models.data ? t('running.loadError.refresh') : t('running.loadError.load')}
          error={models.error}
          onRetry={() => void models.refetch()}
        />
      )}
      <ClusterTroubles troubles={troubles} />
      {models.isPending && <RunningModelsLoading type={tab.value} />}
      {models.data && (
        <>
          <View
            type={tab.value}
            withCluster={clusters.length > 0}
            rows={shown}
            loading={isCallingApi}
            busy={isCallingApi}
            rights={rights}
            onTerminate={setTerminateAsked}
            onOpenUi={openWebUi}
            onHealth={(row) => setHealthOf(listedName(row))}
            onUse={(row) => setUseOf(listedName(row))}
            readAt={models.dataUpdatedAt}
            onLogs={modelLogs ? (row) => setLogsOf(row.id) : undefined}
          />
          {/* The next step, outside the grid: a grid's overlay may hold only text (ARIA's grid takes rows alone). */}
          {!isCallingApi && models.isSuccess && shown.length === 0 && (
            <p className="running-next">
              <Link to={routes.launchModel.href(tab.value === 'LLM' ? 'llm' : tab.value)}>
                {t('running.launchModel')}
              </Link>
            </p>
          )}
        </>
      )}
      {healthRow && (
        <HealthDialog
          row={healthRow}
          onClose={() => setHealthOf(null)}
          onLogs={
            modelLogs && !healthRow.cluster
              ? () => {
                  setHealthOf(null)
                  setLogsOf(healthRow.id)
                }
              : undefined
          }
        />
      )}
      {useRow && <ModelDialog row={useRow} onClose={() => setUseOf(null)} />}
      {logsOf && <LogsDialog uid={logsOf} onClose={() => setLogsOf(null)} />}
    </>
  )
}
