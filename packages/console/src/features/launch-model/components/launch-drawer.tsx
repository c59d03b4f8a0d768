import Drawer from '@mui/material/Drawer'
import { api, scopesOf } from '@serving-console/contract'
import { useQuery } from '@tanstack/react-query'
import { useId, useState, type KeyboardEvent } from 'react'
import { useNavigate } from 'react-router'
import { Button } from '../../../components/button'
import { LaunchProgress } from '../../../components/launch-progress'
import type { MessageId } from '../../../i18n/catalogue'
import { useLocale, useT } from '../../../i18n/react'
import { useAppState } from '../../../lib/app-state'
import { fieldErrorText, fieldOfError } from '../../../lib/field-errors'
import { ApiError, toastMessageFor } from '../../../lib/api-client'
import { apiQuery } from '../../../lib/api-query'
import { inFlight, launchesOn, useCancelLaunch } from '../../../lib/launches'
import { useCluster } from '../../../lib/cluster-scope'
import { pollDelay } from '../../../lib/polling'
import { routes } from '../../../lib/routes'
import { useServerFeature } from '../../../lib/server-features'
import { mayOpen } from '../../../lib/auth'
import { permissionFor } from '../../../lib/permission'
import { historyStore } from '../../../lib/storage'
import { useDrawerShowsFailures, useLaunchModel } from '../api/launch-model'
import { downloadOf, downloadsQuery, useStartDownload } from '../../../lib/downloads'
import type { CatalogueModel } from '../model/catalogue-model'
import { buildPayload, formFromPayload, platformFieldsInvalid, type LaunchKind } from '../model/launch-form'
import { needsVirtualEnv } from '../model/launch-options'
import { gpuIdxError, listInvalid, missingChoices, requestLimitsError } from '../model/validation'
import { missingUv } from '../../../lib/upstream-errors'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { catalogueCached } from '../model/catalogue-model'
import { CommandLine } from './command-line'
import { DraftChips } from './draft-chips'
import { FitPanel } from './fit-panel'
import { useLaunchFit } from './use-launch-fit'
import { LlmLaunchFields } from './llm-launch-fields'
import { LaunchFailure } from './launch-failure'
import { LaunchHistorySelect } from './launch-history-select'
import { MissingUvNotice } from './missing-uv-notice'
import { SimpleLaunchFields } from './simple-launch-fields'
import { useLaunchForm } from './use-launch-form'
import { DownloadProgress } from '../../../components/download-progress'
import './launch-drawer.css'

interface LaunchDrawerProps {
  model: CatalogueModel
  kind: LaunchKind
  gpuCount: number
  onClose: () => void
}

// The cascade's fields by name, said at render time.
const FIELD_LABEL = {
  engine: 'launch.field.engine',
  format: 'launch.field.format',
  size: 'launch.field.size',
  quantization: 'launch.field.quantization',
} as const satisfies Record<ReturnType<typeof missingChoices>[number], MessageId>

/** SPEC §3: csghub is offered only for qwen2-instruct. */
const hubOptions = (model: CatalogueModel) =>
  model.name === 'qwen2-instruct' || model.family === 'qwen2-instruct'
    ? ['huggingface', 'modelscope', 'csghub']
    : ['huggingface', 'modelscope']

/** Whether a widget inside the drawer took this Escape for itself (an open list closes, and only it). */
const takenInside = (event: object) =>
  'nativeEvent' in event && event.nativeEvent instanceof Event && event.nativeEvent.defaultPrevented

/**
 * The right-side drawer holding a model's launch form (SPEC §2, §4). Closing it without a launch — Escape, the
 * backdrop, Go Back — keeps what was changed for the next opening (model/launch-drafts.ts).
 */
export function LaunchDrawer({ model, kind, gpuCount, onClose }: LaunchDrawerProps) {
  const navigate = useNavigate()
  const t = useT()
  const locale = useLocale()
  const { isCallingApi, isUpdatingModel } = useAppState()
  // `GET /api/v1/engines/{model_name}`: engine → specs, or the reason an engine cannot run it.
  const cluster = useCluster()
  const engines = useQuery(
    apiQuery(api.getEngines, { model_name: model.name }, undefined, {
      cluster,
      staleTime: 5 * 60_000,
      enabled: kind === 'LLM',
    }),
  )
  const draft = useLaunchForm(model, kind, gpuCount, engines.data)
  const settled = draft.form
  // Offered only as far as one's rights go: without models:start, LAUNCH says so before anything is filled.
  const permission = permissionFor('models:start')
  const close = () => {
    draft.keepDraft()
    onClose()
  }

  const launch = useLaunchModel(cluster, (payload) => {
    historyStore.save(payload)
    draft.forgetDraft()
    // The drawer closes with its launch. Navigation renders in a transition that a quick way back (the
    // browser's Back, another link) can abandon, leaving this page mounted: an open drawer would then greet the
    // user with the finished launch's form over the card grid.
    onClose()
    void navigate(routes.runningModels.href(kind))
  })
  const cancel = useCancelLaunch(cluster)
  // Download only (docs/downloads.md): this model's tasks, kept by the server, shown here while they last.
  // Their list needs cache:list: a user without it is not shown them (its 403 would open SPEC's Auth status dialog).
  const withDownloads = useServerFeature('downloads')
  const downloads = useQuery({
    ...downloadsQuery,
    enabled: withDownloads && mayOpen(scopesOf(api.listDownloads)),
  })
  const startDownload = useStartDownload()
  const tasks = (downloads.data ?? []).filter(
    (task) =>
      task.model_name === model.name &&
      (task.state === 'completed'
        ? task.cache_uid === startDownload.data?.cache_uid
        : task.state !== 'cancelled'),
  )
  // While this launch runs, the server tells how far it got (followed by uid, so a second copy never mixes in).
  const launchUid = launch.variables?.model_uid ?? null
  const launches = useQuery({
    ...launchesOn(cluster),
    refetchInterval: (query) => pollDelay(1000, query.state.error),
    enabled: launch.isPending,
  })
  const progress = launch.isPending
    ? launches.data?.find((entry) => entry.model_uid === launchUid)
    : undefined

  const busy = isCallingApi || isUpdatingModel || launch.isPending
  const needsQuantization = model.isBuiltin || settled.format === 'pytorch'
  const missing = kind === 'LLM' ? missingChoices(settled, needsQuantization) : []
  const incomplete = missing.length > 0
  const invalid =
    (draft.platformFields && platformFieldsInvalid(kind, settled)) ||
    (kind === 'LLM' &&
      (requestLimitsError(settled.requestLimits) !== null ||
        [settled.extra, settled.loras, settled.imageLoraLoad, settled.imageLoraFuse].some(listInvalid))) ||
    ((kind === 'LLM' || settled.device === 'GPU') && gpuIdxError(settled.gpuIdx) !== null)

  // The known failure of clusters whose workers lack uv: its next step, and the launch without a virtual environment.
  const missingUvFailure = launch.error instanceof Error && missingUv(launch.error.message)
  const withoutVirtualEnv = {
    ...settled,
    extra: [
      ...settled.extra.filter((row) => row.key.trim() !== 'enable_virtual_env'),
      { key: 'enable_virtual_env', value: 'false' },
    ],
  }
  const launchWithoutVirtualEnv = () => {
    draft.change(withoutVirtualEnv)
    launch.mutate(buildPayload(kind, model.name, withoutVirtualEnv))
  }

  const canLaunch = permission.allowed && !(busy || incomplete || invalid)
  const payload = buildPayload(kind, model.name, settled)
  // Will it fit, and what LAUNCH asks about first (it will not fit, or its download cannot start).
  const { fit, withFit, warning } = useLaunchFit(kind, model.name, settled, payload)
  const [confirming, setConfirming] = useState<string | null>(null)
  const start = () => (warning ? setConfirming(warning) : launch.mutate(payload))
  // Ctrl+Enter (⌘+Enter) launches from anywhere in the drawer, as a form's submit would: the drawer's root hears
  // it, the focus on the drawer itself as it opens included (not while its confirmation asks).
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey) || !canLaunch || confirming) return
    event.preventDefault()
    start()
  }
  const titleId = useId()
  const whyNotId = useId()
  // What keeps LAUNCH disabled, said beside it (nothing while a call is out: that passes by itself).
  const whyNot = !permission.allowed
    ? permission.reason
    : busy
      ? null
      : incomplete
        ? t('launch.drawer.missing', {
            fields: new Intl.ListFormat(locale, { type: 'conjunction' }).format(
              missing.map((choice) => t(FIELD_LABEL[choice])),
            ),
          })
        : invalid
          ? t('launch.drawer.invalid')
          : null
  // A uid the server says is taken shows under Model UID, while it is the one that was refused.
  const uidError =
    launch.variables && buildPayload(kind, model.name, settled).model_uid === launch.variables.model_uid
      ? fieldErrorText(launch.error, 'model_uid')
      : null
  // Any other failure is said beside LAUNCH, where the user is looking, and by no toast (api/launch-model.ts).
  useDrawerShowsFailures(model.name)
  // (A launch the user cancelled, 499, is no failure.)
  const failure =
    !launch.isError ||
    fieldOfError(launch.error) === 'model_uid' ||
    (launch.error instanceof ApiError && launch.error.status === 499)
      ? null
      : toastMessageFor(launch.error)

  const fieldProps = {
    form: settled,
    uidError,
    uidHint: draft.uidHint,
    gpuCount,
    hubOptions: hubOptions(model),
    onChange: draft.change,
    modelName: model.name,
    platformFields: draft.platformFields,
  }
  return (
    <Drawer
      anchor="right"
      open
      onClose={(event, reason) => {
        if (reason !== 'escapeKeyDown' || !takenInside(event)) close()
      }}
      onKeyDown={onKeyDown}
      slotProps={{
        paper: {
          className: 'launch-drawer',
          role: 'dialog',
          'aria-modal': true,
          'aria-labelledby': titleId,
        },
      }}
    >
      <section className="launch-drawer-body" aria-label={t('launch.drawer.label', { name: model.name })}>
        <header className="launch-drawer-head">
          <h2 id={titleId}>{model.name}</h2>
          <DraftChips draft={draft} />
        </header>
        <LaunchHistorySelect
          modelName={model.name}
          gpuCount={gpuCount}
          onFill={(form) => draft.fill(form, true)}
        />
        {/* The form and the command line scroll together: an open panel takes no room from the form. */}
        <div className="launch-drawer-scroll">
          <div key={draft.formKey} className="launch-drawer-form">
            {kind === 'LLM' ? (
              <LlmLaunchFields {...fieldProps} engines={engines.data} />
            ) : (
              <SimpleLaunchFields {...fieldProps} kind={kind} />
            )}
            <div className="launch-drawer-fit">
              <FitPanel
                fit={fit}
                format={settled.format}
                size={settled.size}
                quantization={settled.quantization}
                cachedInCatalogue={withFit ? null : catalogueCached(model, settled)}
                hub={payload.download_hub ?? 'huggingface'}
              />
            </div>
          </div>
          {/* Outside the keyed form: a pasted command restarts the form, not this panel. */}
          <div className="launch-drawer-command">
            <CommandLine
              payload={payload}
              modelName={model.name}
              onPaste={(payload) => draft.fill(formFromPayload(payload, gpuCount), false)}
            />
          </div>
        </div>
        {failure && (
          <div className="launch-drawer-notice">
            <LaunchFailure message={failure} />
          </div>
        )}
        {missingUvFailure && !launch.isPending && (
          <div className="launch-drawer-notice">
            <MissingUvNotice
              engine={settled.engine}
              engineNeedsIt={kind === 'LLM' && needsVirtualEnv(engines.data, settled.engine, settled.format)}
              canLaunchWithout={kind === 'LLM'}
              onRetry={launchWithoutVirtualEnv}
              disabled={!canLaunch}
            />
          </div>
        )}
        {tasks.map((task) => (
          <div key={task.cache_uid} className="launch-drawer-notice">
            <DownloadProgress task={task} />
          </div>
        ))}
        {progress && inFlight(progress) && (
          <div className="launch-drawer-notice">
            <LaunchProgress launch={progress} onCancel={() => cancel.mutate(progress.model_uid)} />
          </div>
        )}
        <footer className="launch-drawer-actions">
          {whyNot && (
            <p id={whyNotId} className="launch-drawer-why-not">
              {whyNot}
            </p>
          )}
          <Button onClick={close}>{t('launch.drawer.goBack')}</Button>
          {withDownloads && (
            <Button
              variant="outlined"
              loading={startDownload.isPending}
              disabled={!canLaunch}
              aria-describedby={whyNot ? whyNotId : undefined}
              title={t('launch.drawer.downloadOnlyTitle')}
              onClick={() => startDownload.mutate(downloadOf(payload))}
            >
              {t('launch.drawer.downloadOnly')}
            </Button>
          )}
          <Button
            variant="contained"
            loading={launch.isPending}
            disabled={!canLaunch}
            aria-describedby={whyNot ? whyNotId : undefined}
            title={t('launch.drawer.launchShortcut')}
            onClick={start}
          >
            {launch.isPending ? t('launch.drawer.launching') : t('launch.drawer.launch')}
          </Button>
        </footer>
      </section>
      {confirming && (
        <ConfirmDialog
          open
          text={confirming}
          onCancel={() => setConfirming(null)}
          onConfirm={() => {
            setConfirming(null)
            launch.mutate(payload)
          }}
        />
      )}
    </Drawer>
  )
}
