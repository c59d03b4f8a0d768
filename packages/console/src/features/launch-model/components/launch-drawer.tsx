import Drawer from '@mui/material/Drawer'
import { useQuery } from '@tanstack/react-query'
import { useId, useState, type KeyboardEvent } from 'react'
import { useNavigate } from 'react-router'
import { Button } from '../../../components/button'
import { Chip } from '../../../components/chip'
import { CancelIcon } from '../../../components/icons'
import { LaunchProgress } from '../../../components/launch-progress'
import { Select } from '../../../components/select'
import type { MessageId } from '../../../i18n/catalogue'
import { useLocale, useT } from '../../../i18n/react'
import { useAppState } from '../../../lib/app-state'
import { fieldErrorText } from '../../../lib/field-errors'
import { inFlight, launchesQuery, useCancelLaunch } from '../../../lib/launches'
import { pollDelay } from '../../../lib/polling'
import { routes } from '../../../lib/routes'
import { historyStore, tokenCookie } from '../../../lib/storage'
import { runningModelsQuery } from '../../../lib/running-models'
import { enginesQuery } from '../api/get-engines'
import { launchHistoryQuery } from '../api/launch-history'
import { useLaunchModel } from '../api/launch-model'
import type { CatalogueModel } from '../model/catalogue-model'
import {
  buildPayload,
  emptyForm,
  formFromPayload,
  freeUid,
  type LaunchForm,
  type LaunchKind,
} from '../model/launch-form'
import { needsVirtualEnv, settleCascade } from '../model/launch-options'
import { gpuIdxError, listInvalid, missingChoices, requestLimitsError } from '../model/validation'
import { missingUv } from '../../../lib/upstream-errors'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { catalogueCached } from '../model/catalogue-model'
import { CommandLine } from './command-line'
import { FitPanel } from './fit-panel'
import { useLaunchFit } from './use-launch-fit'
import { LlmLaunchFields } from './llm-launch-fields'
import { MissingUvNotice } from './missing-uv-notice'
import { SimpleLaunchFields } from './simple-launch-fields'
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

/** The right-side drawer holding a model's launch form (SPEC §2, §4). */
export function LaunchDrawer({ model, kind, gpuCount, onClose }: LaunchDrawerProps) {
  const navigate = useNavigate()
  const t = useT()
  const locale = useLocale()
  const { isCallingApi, isUpdatingModel } = useAppState()
  const engines = useQuery({ ...enginesQuery(model.name), enabled: kind === 'LLM' })
  const saved = historyStore.get(model.name)
  const [hasLastConfig, setHasLastConfig] = useState(saved !== undefined)
  const [form, setForm] = useState<LaunchForm>(() =>
    saved ? formFromPayload(saved, gpuCount) : emptyForm(gpuCount),
  )
  // Last Config's uid may be running still: a free one like it instead, said under the field, until it is edited.
  const running = useQuery({ ...runningModelsQuery(tokenCookie.get()), enabled: hasLastConfig })
  const [uidSuggested, setUidSuggested] = useState<{ taken: string; free: string } | null>(null)
  // Checked once, when the list first arrives (state adjusted while rendering, as React advises over an effect).
  const [uidChecked, setUidChecked] = useState(false)
  if (!uidChecked && running.data && saved) {
    setUidChecked(true)
    const free = freeUid(form.modelUid, new Set(running.data.map((row) => row.id)))
    // Not over what the user typed meanwhile.
    if (free !== form.modelUid && form.modelUid === saved.model_uid) {
      setForm({ ...form, modelUid: free })
      setUidSuggested({ taken: form.modelUid, free })
    }
  }
  // The form restarts (a new key) when Last Config is removed, so collapsible sections close again.
  const [formKey, setFormKey] = useState(0)

  // The cascade settles against the engines as soon as they arrive, and after every change.
  const settled = kind === 'LLM' && engines.data ? { ...form, ...settleCascade(engines.data, form) } : form
  const change = (patch: Partial<LaunchForm>) => setForm({ ...settled, ...patch })

  const launch = useLaunchModel((payload) => {
    historyStore.save(payload)
    // The drawer closes with its launch. Navigation renders in a transition that a quick way back (the
    // browser's Back, another link) can abandon, leaving this page mounted: an open drawer would then greet the
    // user with the finished launch's form over the card grid.
    onClose()
    void navigate(routes.runningModels.href(kind))
  })
  const cancel = useCancelLaunch()
  // While this launch runs, the server tells how far it got (followed by uid, so a second copy never mixes in).
  const launchUid = launch.variables?.model_uid ?? null
  const launches = useQuery({
    ...launchesQuery,
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
    setForm(withoutVirtualEnv)
    launch.mutate(buildPayload(kind, model.name, withoutVirtualEnv))
  }

  const removeLastConfig = () => {
    historyStore.remove(model.name)
    setHasLastConfig(false)
    setForm(emptyForm(gpuCount))
    setFormKey(formKey + 1)
  }

  const canLaunch = !(busy || incomplete || invalid)
  const payload = buildPayload(kind, model.name, settled)
  // Will it fit, and what LAUNCH asks about first (it will not fit, or its download cannot start).
  const { fit, withFit, warning } = useLaunchFit(kind, model.name, settled, payload)
  const [confirming, setConfirming] = useState<string | null>(null)
  const start = () => (warning ? setConfirming(warning) : launch.mutate(payload))
  // Ctrl+Enter (⌘+Enter) launches from anywhere in the drawer, as a form's submit would.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey) || !canLaunch) return
    event.preventDefault()
    start()
  }
  // The server's record of this model's earlier launches, newest first: one of them fills the form.
  const history = useQuery(launchHistoryQuery(model.name))
  const earlier = history.data ?? []
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' })
  const titleId = useId()
  const whyNotId = useId()
  // What keeps LAUNCH disabled, said beside it (nothing while a call is out: that passes by itself).
  const whyNot = busy
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

  const fieldProps = {
    form: settled,
    uidError,
    uidHint:
      uidSuggested && settled.modelUid === uidSuggested.free
        ? t('launch.field.modelUid.taken', { uid: uidSuggested.taken })
        : null,
    gpuCount,
    hubOptions: hubOptions(model),
    onChange: change,
    modelName: model.name,
  }
  return (
    <Drawer
      anchor="right"
      open
      onClose={onClose}
      slotProps={{
        paper: {
          className: 'launch-drawer',
          role: 'dialog',
          'aria-modal': true,
          'aria-labelledby': titleId,
        },
      }}
    >
      <section
        className="launch-drawer-body"
        aria-label={t('launch.drawer.label', { name: model.name })}
        onKeyDown={onKeyDown}
      >
        <header className="launch-drawer-head">
          <h2 id={titleId}>{model.name}</h2>
          {hasLastConfig && (
            <Chip
              label={t('launch.drawer.lastConfig')}
              tone="primary"
              action={{
                label: t('launch.drawer.removeLastConfig'),
                icon: <CancelIcon fontSize="small" />,
                onClick: removeLastConfig,
              }}
            />
          )}
        </header>
        {earlier.length > 0 && (
          <div className="launch-drawer-history">
            <Select
              label={t('launch.drawer.history')}
              value=""
              options={earlier.map((entry) => ({
                value: String(entry.id),
                label: t('launch.drawer.historyEntry', {
                  uid: entry.model_uid,
                  when: entry.updated_at ? dateTime.format(new Date(entry.updated_at)) : '',
                }),
              }))}
              onChange={(id) => {
                const entry = earlier.find((candidate) => String(candidate.id) === id)
                if (!entry) return
                setForm(formFromPayload(entry.data, gpuCount))
                setFormKey(formKey + 1)
              }}
            />
          </div>
        )}
        <div key={formKey} className="launch-drawer-form">
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
            onPaste={(payload) => {
              setForm(formFromPayload(payload, gpuCount))
              setFormKey(formKey + 1)
            }}
          />
        </div>
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
          <Button onClick={onClose}>{t('launch.drawer.goBack')}</Button>
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
