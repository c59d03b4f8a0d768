import type { EngineMap } from '@serving-console/contract'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useT } from '../../../i18n/react'
import { runningModelsQuery } from '../../../lib/running-models'
import { useServerFeature, useServerFeatures } from '../../../lib/server-features'
import { useCluster } from '../../../lib/cluster-scope'
import { historyStore, tokenCookie } from '../../../lib/storage'
import { fitSummariesQuery } from '../api/get-fit'
import type { CatalogueModel } from '../model/catalogue-model'
import { launchDrafts } from '../model/launch-drafts'
import {
  emptyForm,
  formFromPayload,
  freeUid,
  platformFieldsAsExtra,
  type LaunchForm,
  type LaunchKind,
} from '../model/launch-form'
import { settleCascade } from '../model/launch-options'
import { recommendedCascade } from '../model/recommended'

/**
 * The launch drawer's form: where it starts (the draft kept when the drawer last closed, else Last Config, else
 * empty with the card's recommended choice), the cascade settled against the engines, and a taken uid from Last
 * Config or an earlier launch replaced by a free one like it. Changes made here are what closing keeps.
 */
export function useLaunchForm(
  model: CatalogueModel,
  kind: LaunchKind,
  gpuCount: number,
  engines: EngineMap | undefined,
) {
  const t = useT()
  const saved = historyStore.get(model.name)
  const [hasLastConfig, setHasLastConfig] = useState(saved !== undefined)
  const savedUid = typeof saved?.model_uid === 'string' ? saved.model_uid : null
  const start = (withLastConfig: boolean) =>
    withLastConfig && saved ? formFromPayload(saved, gpuCount) : emptyForm(gpuCount)
  const [hasDraft, setHasDraft] = useState(() => launchDrafts.get(kind, model.name) !== undefined)
  const [form, setForm] = useState(() => launchDrafts.get(kind, model.name) ?? start(true))
  // Whether the user changed the form since it started: a closed drawer keeps it only then.
  const [edited, setEdited] = useState(hasDraft)
  // The form restarts (a new key) when it is filled anew, so collapsible sections follow what it holds.
  const [formKey, setFormKey] = useState(0)

  // A uid that came with a saved launch may be running still: a free one like it instead, said under the field,
  // until it is edited. Checked once the running models are known (state adjusted while rendering, as React
  // advises over an effect), and not over what the user typed meanwhile.
  const [uidToCheck, setUidToCheck] = useState(hasDraft ? null : savedUid)
  const [uidSuggested, setUidSuggested] = useState<{ taken: string; free: string } | null>(null)
  const cluster = useCluster()
  const running = useQuery({
    ...runningModelsQuery(tokenCookie.get(), cluster),
    enabled: uidToCheck !== null,
  })
  if (uidToCheck !== null && running.data) {
    setUidToCheck(null)
    const free = freeUid(uidToCheck, new Set(running.data.map((row) => row.id)))
    if (free !== uidToCheck && form.modelUid === uidToCheck) {
      setForm({ ...form, modelUid: free })
      setUidSuggested({ taken: uidToCheck, free })
    }
  }

  // A fresh form starts from the card's recommendation (the platform's best fit here), while nothing is chosen.
  const withFit = useServerFeature('model_fit')
  const summaries = useQuery(fitSummariesQuery(kind, withFit, cluster))
  const [recommend, setRecommend] = useState(!hasDraft && saved === undefined)
  if (recommend && engines && summaries.data) {
    setRecommend(false)
    const summary = summaries.data.models.find((entry) => entry.model_name === model.name)
    const cascade = recommendedCascade(engines, summary)
    if (cascade && !form.engine && !form.format && !form.size && !form.quantization) {
      setForm({ ...form, ...cascade })
    }
  }

  // A cluster's gateway has no fields for the platform's own options: what they hold is sent as it was typed.
  const mode = useServerFeatures()?.mode
  const base = mode === 'gateway' ? platformFieldsAsExtra(form) : form
  // The cascade settles against the engines as soon as they arrive, and after every change.
  const settled = kind === 'LLM' && engines ? { ...base, ...settleCascade(engines, base) } : base

  /** A whole new form (an earlier launch, a pasted command): its uid is checked as Last Config's is. */
  const fill = (next: LaunchForm, checkUid: boolean) => {
    setForm(next)
    setEdited(true)
    setFormKey((key) => key + 1)
    setUidSuggested(null)
    setUidToCheck(checkUid ? next.modelUid : null)
  }
  /** Back to where a form without a draft starts. */
  const restart = (withLastConfig: boolean) => {
    const next = start(withLastConfig)
    setForm(next)
    setEdited(false)
    setHasDraft(false)
    launchDrafts.forget(kind, model.name)
    setFormKey((key) => key + 1)
    setUidSuggested(null)
    setUidToCheck(withLastConfig ? savedUid : null)
    setRecommend(!(withLastConfig && saved))
  }

  return {
    form: settled,
    formKey,
    platformFields: mode === 'platform',
    hasLastConfig,
    hasDraft,
    uidHint:
      uidSuggested && settled.modelUid === uidSuggested.free
        ? t('launch.field.modelUid.taken', { uid: uidSuggested.taken })
        : null,
    change: (patch: Partial<LaunchForm>) => {
      setForm({ ...settled, ...patch })
      setEdited(true)
    },
    fill,
    /** Removing the Last Config chip forgets the saved launch and empties the form (SPEC §4). */
    removeLastConfig: () => {
      historyStore.remove(model.name)
      setHasLastConfig(false)
      restart(false)
    },
    /** Discarding the kept changes: the form starts again as it would without them. */
    discardDraft: () => restart(hasLastConfig),
    /** On closing without a launch: the changes are kept for the next opening, or there were none. */
    keepDraft: () =>
      edited ? launchDrafts.keep(kind, model.name, settled) : launchDrafts.forget(kind, model.name),
    /** On a launch: nothing is left to keep. */
    forgetDraft: () => launchDrafts.forget(kind, model.name),
  }
}
