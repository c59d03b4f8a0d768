import { useQuery } from '@tanstack/react-query'
import { useCallback, useState } from 'react'
import { Navigate, useNavigate, useParams } from 'react-router'
import { ClusterSelect } from '../../components/cluster-select'
import { PageHeader } from '../../components/page-header'
import { ClusterScope, useCluster } from '../../lib/cluster-scope'
import { useTargetCluster } from '../../lib/clusters'
import { RouteTabs } from '../../components/route-tabs'
import type { MessageId } from '../../i18n/catalogue'
import { useT } from '../../i18n/react'
import { HOME, rememberSection, routes } from '../../lib/routes'
import {
  builtinCatalogueHeadQuery,
  builtinCatalogueQuery,
  customCatalogueQuery,
  devicesQuery,
} from './api/catalogue'
import { ModelCatalogue } from './components/model-catalogue'
import type { LaunchKind } from './model/launch-form'
import { CUSTOM_TABS, TABS } from './model/tabs'

interface CatalogueProps {
  kind: LaunchKind
  gpuCount: number
  uncached: ReadonlySet<string>
  onUncached: (name: string) => void
}

function BuiltinCatalogue(props: CatalogueProps) {
  const cluster = useCluster()
  const query = useQuery(builtinCatalogueQuery(props.kind, cluster))
  const head = useQuery(builtinCatalogueHeadQuery(props.kind, cluster))
  return <ModelCatalogue custom={false} query={query} head={head.data} {...props} />
}

function CustomCatalogue(props: CatalogueProps) {
  const query = useQuery(customCatalogueQuery(props.kind, useCluster()))
  return <ModelCatalogue custom query={query} {...props} />
}

/** SPEC §2 "Launch Model": the catalogue by kind, and custom models by kind. */
export function LaunchModelPage() {
  const navigate = useNavigate()
  const { Modeltype, subType } = useParams()
  const [uncached, setUncached] = useState<ReadonlySet<string>>(new Set())
  const onUncached = useCallback((name: string) => setUncached((old) => new Set(old).add(name)), [])
  // Where the launch goes: this server, or a cluster it holds (docs/clusters.md), the last one chosen.
  const [cluster, setCluster] = useTargetCluster()
  // SPEC §7: the GPU count is asked when Launch opens for a signed-in user (or a server without auth).
  const devices = useQuery(devicesQuery(cluster))
  const gpuCount = devices.data ?? 0
  const t = useT()

  const tab = TABS.find((candidate) => candidate.value === Modeltype)
  if (!tab) return <Navigate to={HOME} replace />
  const customTab = CUSTOM_TABS.find((candidate) => candidate.value === subType)
  if (tab.value === 'custom' && !customTab)
    return <Navigate to={routes.launchModel.href('custom', 'llm')} replace />

  const open = (path: string) => {
    rememberSection(path)
    void navigate(path)
  }
  const choose = (value: string) =>
    open(value === 'custom' ? routes.launchModel.href('custom', 'llm') : routes.launchModel.href(value))
  const chooseCustom = (value: string) => open(routes.launchModel.href('custom', value))

  const shared = { gpuCount, uncached, onUncached }
  const labelled = (list: readonly { value: string; label: MessageId }[]) =>
    list.map((one) => ({ value: one.value, label: t(one.label) }))
  return (
    <>
      <PageHeader title={t('launch.page.title')} />
      <ClusterSelect value={cluster} onChange={setCluster} />
      <RouteTabs tabs={labelled(TABS)} value={tab.value} onChange={choose} />
      <ClusterScope cluster={cluster}>
        {tab.kind ? (
          <BuiltinCatalogue key={`${cluster ?? ''}/${tab.kind}`} kind={tab.kind} {...shared} />
        ) : (
          customTab && (
            <>
              <RouteTabs
                tabs={labelled(CUSTOM_TABS)}
                value={customTab.value}
                onChange={chooseCustom}
                label={t('launch.tab.customTypes')}
              />
              <CustomCatalogue key={`${cluster ?? ''}/${customTab.kind}`} kind={customTab.kind} {...shared} />
            </>
          )
        )}
      </ClusterScope>
    </>
  )
}
