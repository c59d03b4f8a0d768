import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import Divider from '@mui/material/Divider'
import Drawer from '@mui/material/Drawer'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { LaunchProgress } from '../../../components/launch-progress'
import { useAppState } from '../../../lib/app-state'
import { inFlight, launchesQuery, useCancelLaunch } from '../../../lib/launches'
import { pollDelay } from '../../../lib/polling'
import { routes } from '../../../lib/routes'
import { historyStore } from '../../../lib/storage'
import { enginesQuery } from '../api/get-engines'
import { useLaunchModel } from '../api/launch-model'
import type { CatalogueModel } from '../model/catalogue-model'
import {
  buildPayload,
  emptyForm,
  formFromPayload,
  type LaunchForm,
  type LaunchKind,
} from '../model/launch-form'
import { needsVirtualEnv, settleCascade } from '../model/launch-options'
import { gpuIdxError, listInvalid, requestLimitsError } from '../model/validation'
import { missingUv } from '../../../lib/upstream-errors'
import { LlmLaunchFields } from './llm-launch-fields'
import { MissingUvNotice } from './missing-uv-notice'
import { SimpleLaunchFields } from './simple-launch-fields'

interface LaunchDrawerProps {
  model: CatalogueModel
  kind: LaunchKind
  gpuCount: number
  onClose: () => void
}

/** SPEC §3: csghub is offered only for qwen2-instruct. */
const hubOptions = (model: CatalogueModel) =>
  model.name === 'qwen2-instruct' || model.family === 'qwen2-instruct'
    ? ['huggingface', 'modelscope', 'csghub']
    : ['huggingface', 'modelscope']

/** The right-side drawer holding a model's launch form (SPEC §2, §4). */
export function LaunchDrawer({ model, kind, gpuCount, onClose }: LaunchDrawerProps) {
  const navigate = useNavigate()
  const { isCallingApi, isUpdatingModel } = useAppState()
  const engines = useQuery({ ...enginesQuery(model.name), enabled: kind === 'LLM' })
  const saved = historyStore.get(model.name)
  const [hasLastConfig, setHasLastConfig] = useState(saved !== undefined)
  const [form, setForm] = useState<LaunchForm>(() =>
    saved ? formFromPayload(saved, gpuCount) : emptyForm(gpuCount),
  )
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
  const incomplete =
    kind === 'LLM' &&
    (!settled.engine || !settled.format || !settled.size || (needsQuantization && !settled.quantization))
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

  const fieldProps = {
    form: settled,
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
      slotProps={{ paper: { sx: { width: { xs: '100vw', sm: 640 } } } }}
    >
      <Box
        component="section"
        aria-label={`Launch ${model.name}`}
        sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}
      >
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, px: 3, py: 2.5 }}>
          <Typography variant="h6" component="h2" sx={{ fontWeight: 700, flex: 1 }} noWrap>
            {model.name}
          </Typography>
          {hasLastConfig && (
            <Chip label="Last Config" color="primary" variant="outlined" onDelete={removeLastConfig} />
          )}
        </Stack>
        <Divider />
        <Box key={formKey} sx={{ flex: 1, overflowY: 'auto', px: 3, py: 3 }}>
          {kind === 'LLM' ? (
            <LlmLaunchFields {...fieldProps} engines={engines.data} />
          ) : (
            <SimpleLaunchFields {...fieldProps} kind={kind} />
          )}
        </Box>
        {missingUvFailure && !launch.isPending && (
          <Box sx={{ px: 3, pb: 2 }}>
            <MissingUvNotice
              engine={settled.engine}
              engineNeedsIt={kind === 'LLM' && needsVirtualEnv(engines.data, settled.engine, settled.format)}
              canLaunchWithout={kind === 'LLM'}
              onRetry={launchWithoutVirtualEnv}
              disabled={busy || incomplete || invalid}
            />
          </Box>
        )}
        {progress && inFlight(progress) && (
          <Box sx={{ px: 3, pb: 2 }}>
            <LaunchProgress launch={progress} onCancel={() => cancel.mutate(progress.model_uid)} />
          </Box>
        )}
        <Divider />
        <Stack direction="row" sx={{ gap: 1.5, px: 3, py: 2, justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>Go Back</Button>
          <Button
            variant="contained"
            loading={launch.isPending}
            loadingPosition="start"
            disabled={busy || incomplete || invalid}
            onClick={() => launch.mutate(buildPayload(kind, model.name, settled))}
          >
            {launch.isPending ? 'Launching' : 'Launch'}
          </Button>
        </Stack>
      </Box>
    </Drawer>
  )
}
