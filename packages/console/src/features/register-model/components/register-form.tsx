import { api } from '@serving-console/contract'
import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { useNavigate } from 'react-router'
import { Button } from '../../../components/button'
import { JsonPanel } from '../../../components/json-panel'
import { Notice } from '../../../components/notice'
import '../../../components/surface.css'
import type { MessageId } from '../../../i18n/catalogue'
import { useT } from '../../../i18n/react'
import { apiQuery } from '../../../lib/api-query'
import { hasToken } from '../../../lib/auth'
import { fieldErrorText } from '../../../lib/field-errors'
import { permissionFor } from '../../../lib/permission'
import { rememberSection, routes } from '../../../lib/routes'
import { promptsQuery } from '../api/get-prompts'
import { useEditModel, useRegisterModel, type Refusal, type Target } from '../api/register-model'
import { useCluster } from '../../../lib/cluster-scope'
import { useShownErrors } from '../hooks/use-shown-errors'
import { defaultDraft, toPayload, type Draft, type LlmDraft, type RegisterKind } from '../model/forms'
import { fieldErrors, submitProblem } from '../model/validation'
import { AlsoRegisterOn } from './also-register-on'
import { LlmFields } from './llm-fields'
import { SimpleFields } from './simple-fields'
import './register-form.css'

interface RegisterFormProps {
  kind: RegisterKind
  /** Edit mode: the registration as saved, and the draft made from it. */
  editing?: { saved: Record<string, unknown>; draft: Draft }
}

/** One register form: its kind's fields, the JSON Format panel, and Register Model (or Edit and Cancel). */
export function RegisterForm({ kind, editing }: RegisterFormProps) {
  const t = useT()
  const navigate = useNavigate()
  const [draft, setDraft] = useState<Draft>(() => editing?.draft ?? defaultDraft(kind))
  const [problem, setProblem] = useState<MessageId | null>(null)
  // `GET /api/v1/models/families`: built-in family names by ability, for the LLM form's family list.
  const cluster = useCluster()
  const families = useQuery(
    apiQuery(api.getModelFamilies, undefined, undefined, {
      cluster,
      staleTime: Infinity,
      enabled: kind === 'llm',
    }),
  )
  const prompts = useQuery({ ...promptsQuery(hasToken(), cluster), enabled: kind === 'llm' && hasToken() })

  const done = () => {
    const path = routes.launchModel.href('custom', kind)
    rememberSection(path)
    void navigate(path)
  }
  const register = useRegisterModel(kind, cluster, done)
  const edit = useEditModel(kind, cluster, done)
  // The other clusters (or this server) it is registered on at the same time; once registered, those that refused.
  const [others, setOthers] = useState<Target[]>([])
  const [refusals, setRefusals] = useState<Refusal[] | null>(null)
  const registerOn = (model: Record<string, unknown>, targets: Target[], first: boolean) =>
    register.mutate(
      { model, others: targets, first },
      { onSuccess: (left) => setRefusals(left.length > 0 ? left : null) },
    )

  const payload = toPayload(kind, draft)
  // The server's refusal of the name, under Model Name, while the name is the one it refused.
  const refused =
    register.variables?.first !== false && register.variables?.model.model_name === payload.model_name
  const nameError = refused ? fieldErrorText(register.error, 'model_name') : null
  const validation = useShownErrors()
  const errors = {
    ...validation.shown(fieldErrors(kind, draft)),
    ...(nameError ? { model_name: nameError } : {}),
  }
  // What was loaded, serialised once: Edit stays disabled until the payload differs from it.
  const [loaded] = useState(() => (editing ? JSON.stringify(toPayload(kind, editing.draft)) : null))
  const unchanged = loaded !== null && JSON.stringify(payload) === loaded
  const busy = register.isPending || edit.isPending
  // Offered as far as one's rights go: an edit is an unregister and a register.
  const permission = editing
    ? [permissionFor('models:unregister'), permissionFor('models:register')].find((each) => !each.allowed)
    : permissionFor('models:register')
  const withheld = permission && !permission.allowed ? permission.reason : null
  const reasonId = useId()

  const submit = () => {
    validation.markSubmitted()
    const blocked = submitProblem(kind, draft)
    setProblem(blocked)
    if (blocked) return
    if (editing) edit.mutate({ old: editing.saved, next: payload })
    else registerOn(payload, others, true)
  }
  /** Register, or Edit: held back where `blocked`, or where one's rights withhold it (the reason below names it). */
  const submitButton = (label: string, blocked: boolean, loading: boolean) => (
    <Button
      variant="contained"
      disabled={blocked || withheld !== null}
      aria-describedby={withheld ? reasonId : undefined}
      loading={loading}
      onClick={submit}
    >
      {label}
    </Button>
  )

  return (
    <form
      className="surface register-form"
      aria-label={t('register.form.label')}
      noValidate
      onBlur={validation.touch}
      onChange={validation.touch}
    >
      {kind === 'llm' ? (
        <LlmFields
          draft={draft as LlmDraft}
          errors={errors}
          families={families.data}
          prompts={prompts.data}
          onChange={setDraft}
        />
      ) : (
        <SimpleFields kind={kind} draft={draft} errors={errors} onChange={setDraft} />
      )}
      <JsonPanel value={payload} />
      {problem && (
        <Notice severity="error" role="alert" className="register-problem">
          {t(problem)}
        </Notice>
      )}
      {!editing && (
        <AlsoRegisterOn
          cluster={cluster}
          value={others}
          onChange={setOthers}
          refusals={refusals}
          retrying={register.isPending}
          // The model as registered, whatever the fields say since.
          onRetry={(targets) => registerOn(register.variables?.model ?? payload, targets, false)}
          onDone={done}
        />
      )}
      <div className="register-actions">
        {editing ? (
          <>
            {submitButton(t('register.form.edit'), unchanged, edit.isPending)}
            <Button onClick={() => void navigate(routes.launchModel.href('custom', kind))}>
              {t('register.form.cancel')}
            </Button>
          </>
        ) : (
          // Registered where the form works: what is left is the notice's (try the others again, or done).
          submitButton(
            t('register.form.register'),
            busy || refusals !== null,
            register.isPending && refusals === null,
          )
        )}
        {withheld && (
          <p id={reasonId} className="register-permission">
            {withheld}
          </p>
        )}
      </div>
    </form>
  )
}
