import { useQuery } from '@tanstack/react-query'
import { Navigate, useNavigate, useParams } from 'react-router'
import { Notice } from '../../components/notice'
import { PageHeader } from '../../components/page-header'
import { RouteTabs } from '../../components/route-tabs'
import { Spinner } from '../../components/spinner'
import { toastMessageFor } from '../../lib/api-client'
import { rememberSection, routes } from '../../lib/routes'
import { customJsonStore } from '../../lib/storage'
import { registrationQuery } from './api/get-registration'
import { RegisterForm } from './components/register-form'
import { fromPayload, REGISTER_KINDS, type RegisterKind } from './model/forms'

const TABS = [
  { value: 'llm', label: 'Language Model' },
  { value: 'embedding', label: 'Embedding Model' },
  { value: 'rerank', label: 'Rerank Model' },
  { value: 'image', label: 'Image Model' },
  { value: 'audio', label: 'Audio Model' },
  { value: 'flexible', label: 'Flexible Model' },
] as const satisfies readonly { value: RegisterKind; label: string }[]

/**
 * Edit mode: the form filled from the session's copy of the model (customJsonData, SPEC §2), or — entered directly,
 * from a bookmark or a new tab — from the server.
 */
function EditModel({ kind, modelName }: { kind: RegisterKind; modelName: string }) {
  const copy = customJsonStore.get()
  const fromSession = copy?.model_name === modelName ? copy : null
  const saved = useQuery({ ...registrationQuery(kind, modelName), enabled: fromSession === null })
  const registration = fromSession ?? (saved.data as Record<string, unknown> | undefined)
  if (registration) {
    return (
      <RegisterForm
        key={`${kind}/${modelName}`}
        kind={kind}
        editing={{ saved: registration, draft: fromPayload(kind, registration) }}
      />
    )
  }
  if (saved.isError)
    return (
      <Notice severity="error" role="alert">
        {toastMessageFor(saved.error) ?? 'An unexpected error occurred.'}
      </Notice>
    )
  return <Spinner label="Loading the model" />
}

/** SPEC §2 "Register Model": six forms by kind; with a model name in the route, edit mode. */
export function RegisterModelPage() {
  const navigate = useNavigate()
  const { registerModelType, model_name: modelName } = useParams()
  const kind = REGISTER_KINDS.find((candidate) => candidate === registerModelType)
  if (!kind) return <Navigate to={routes.registerModel.href('llm')} replace />

  const choose = (value: string) => {
    const path = routes.registerModel.href(value)
    rememberSection(path)
    void navigate(path)
  }
  return (
    <>
      <PageHeader title={modelName === undefined ? 'Register Model' : `Edit ${modelName}`} />
      {modelName === undefined ? (
        <>
          <RouteTabs tabs={TABS} value={kind} onChange={choose} />
          <RegisterForm key={kind} kind={kind} />
        </>
      ) : (
        <EditModel kind={kind} modelName={modelName} />
      )}
    </>
  )
}
