import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { JsonPanel } from '../../../components/json-panel'
import { hasToken } from '../../../lib/auth'
import { rememberSection, routes } from '../../../lib/routes'
import { familiesQuery } from '../api/get-families'
import { promptsQuery } from '../api/get-prompts'
import { useEditModel, useRegisterModel } from '../api/register-model'
import { defaultDraft, toPayload, type Draft, type LlmDraft, type RegisterKind } from '../model/forms'
import { fieldErrors, submitProblem } from '../model/validation'
import { LlmFields } from './llm-fields'
import { SimpleFields } from './simple-fields'

interface RegisterFormProps {
  kind: RegisterKind
  /** Edit mode: the registration as saved, and the draft made from it. */
  editing?: { saved: Record<string, unknown>; draft: Draft }
}

/** One register form: its kind's fields, the JSON Format panel, and Register Model (or Edit and Cancel). */
export function RegisterForm({ kind, editing }: RegisterFormProps) {
  const navigate = useNavigate()
  const [draft, setDraft] = useState<Draft>(() => editing?.draft ?? defaultDraft(kind))
  const [problem, setProblem] = useState<string | null>(null)
  const families = useQuery({ ...familiesQuery, enabled: kind === 'llm' })
  const prompts = useQuery({ ...promptsQuery(hasToken()), enabled: kind === 'llm' && hasToken() })

  const done = () => {
    const path = routes.launchModel.href('custom', kind)
    rememberSection(path)
    void navigate(path)
  }
  const register = useRegisterModel(kind, done)
  const edit = useEditModel(kind, done)

  const payload = toPayload(kind, draft)
  const errors = fieldErrors(kind, draft)
  // What was loaded, serialised once: Edit stays disabled until the payload differs from it.
  const [loaded] = useState(() => (editing ? JSON.stringify(toPayload(kind, editing.draft)) : null))
  const unchanged = loaded !== null && JSON.stringify(payload) === loaded
  const busy = register.isPending || edit.isPending

  const submit = () => {
    const blocked = submitProblem(kind, draft)
    setProblem(blocked)
    if (blocked) return
    if (editing) edit.mutate({ old: editing.saved, next: payload })
    else register.mutate(payload)
  }

  return (
    <Paper
      variant="outlined"
      sx={{ p: 3, maxWidth: 960 }}
      component="form"
      aria-label="Register model"
      noValidate
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
        <Alert severity="error" sx={{ mt: 2 }}>
          {problem}
        </Alert>
      )}
      <Box sx={{ mt: 3 }}>
        {editing ? (
          <Stack direction="row" spacing={1.5}>
            <Button
              variant="contained"
              disabled={unchanged || busy}
              loading={edit.isPending}
              onClick={submit}
            >
              Edit
            </Button>
            <Button onClick={() => void navigate(routes.launchModel.href('custom', kind))}>Cancel</Button>
          </Stack>
        ) : (
          <Button variant="contained" disabled={busy} loading={register.isPending} onClick={submit}>
            Register Model
          </Button>
        )}
      </Box>
    </Paper>
  )
}
