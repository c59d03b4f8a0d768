import { api } from '@serving-console/contract'
import { useQuery } from '@tanstack/react-query'
import type { ComponentProps } from 'react'
import { Navigate, useNavigate, useParams } from 'react-router'
import { ClusterSelect } from '../../components/cluster-select'
import { Notice } from '../../components/notice'
import { ClusterScope, useCluster } from '../../lib/cluster-scope'
import { useTargetCluster } from '../../lib/clusters'
import { PageHeader } from '../../components/page-header'
import { RouteTabs } from '../../components/route-tabs'
import { Spinner } from '../../components/spinner'
import type { MessageId } from '../../i18n/catalogue'
import { useT } from '../../i18n/react'
import { toastMessageFor } from '../../lib/api-client'
import { apiQuery } from '../../lib/api-query'
import { useLaterChunk } from '../../lib/later-chunk'
import { rememberSection, routes } from '../../lib/routes'
import { customJsonStore } from '../../lib/storage'
import type { RegisterForm as Form } from './components/register-form'
import { RegisterFormLoading } from './components/register-form-loading'
import { formChunk } from './form-chunk'
import { fromPayload, REGISTER_KINDS, type RegisterKind } from './model/forms'

/** The form once its chunk is here (form-chunk.ts), its surface with a spinner until then. */
function RegisterForm(props: ComponentProps<typeof Form>) {
  useLaterChunk(formChunk)
  const Loaded = formChunk.value
  return Loaded ? <Loaded {...props} /> : <RegisterFormLoading />
}

/** The tabs' labels as message ids, said at render so a language switch relabels them. */
const TABS = [
  { value: 'llm', label: 'register.tab.llm' },
  { value: 'embedding', label: 'register.tab.embedding' },
  { value: 'rerank', label: 'register.tab.rerank' },
  { value: 'image', label: 'register.tab.image' },
  { value: 'audio', label: 'register.tab.audio' },
  { value: 'flexible', label: 'register.tab.flexible' },
] as const satisfies readonly { value: RegisterKind; label: MessageId }[]

/**
 * Edit mode: the form filled from the session's copy of the model (customJsonData, SPEC §2), or — entered directly,
 * from a bookmark or a new tab — from the server.
 */
function EditModel({ kind, modelName }: { kind: RegisterKind; modelName: string }) {
  const t = useT()
  const copy = customJsonStore.get()
  const fromSession = copy?.model_name === modelName ? copy : null
  // `GET /api/v1/model_registrations/{type}/{model_name}`: a custom model, for edit mode entered with no copy in
  // the session (a bookmark, a new tab).
  const saved = useQuery(
    apiQuery(api.getRegistration, { model_type: kind, model_name: modelName }, undefined, {
      cluster: useCluster(),
      enabled: fromSession === null,
    }),
  )
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
        {toastMessageFor(saved.error) ?? t('register.error.unexpected')}
      </Notice>
    )
  return <Spinner label={t('register.edit.loading')} />
}

/** SPEC §2 "Register Model": six forms by kind; with a model name in the route, edit mode. */
export function RegisterModelPage() {
  const t = useT()
  const navigate = useNavigate()
  const { registerModelType, model_name: modelName } = useParams()
  // Where the model is registered: this server, or a cluster it holds (docs/clusters.md), as Launch last chose.
  const [cluster, setCluster] = useTargetCluster()
  const kind = REGISTER_KINDS.find((candidate) => candidate === registerModelType)
  if (!kind) return <Navigate to={routes.registerModel.href('llm')} replace />

  const choose = (value: string) => {
    const path = routes.registerModel.href(value)
    rememberSection(path)
    void navigate(path)
  }
  return (
    <>
      <PageHeader
        title={
          modelName === undefined
            ? t('register.page.title')
            : t('register.page.editTitle', { name: modelName })
        }
      />
      <ClusterSelect value={cluster} onChange={setCluster} disabled={modelName !== undefined} />
      <ClusterScope cluster={cluster}>
        {modelName === undefined ? (
          <>
            <RouteTabs
              tabs={TABS.map((tab) => ({ value: tab.value, label: t(tab.label) }))}
              value={kind}
              onChange={choose}
            />
            <RegisterForm key={`${cluster ?? ''}/${kind}`} kind={kind} />
          </>
        ) : (
          <EditModel key={cluster ?? ''} kind={kind} modelName={modelName} />
        )}
      </ClusterScope>
    </>
  )
}
