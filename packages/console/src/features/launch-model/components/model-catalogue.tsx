import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query'
import { Suspense, useCallback, useDeferredValue, useMemo, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { Button } from '../../../components/button'
import { LoadError } from '../../../components/load-error'
import { withGridText } from '../../../lib/grid-locales/load'
import { lazyThemed } from '../../../components/themed'
import { useT } from '../../../i18n/react'
import { invalidateRoutes } from '../../../lib/api-query'
import { catalogueReads } from '../../../lib/catalogue-reads'
import { rememberSection, routes } from '../../../lib/routes'
import { customJsonStore, favoritesStore } from '../../../lib/storage'
import { useServerFeature } from '../../../lib/server-features'
import { fitSummariesQuery } from '../api/get-fit'
import { useDeleteCustomModel } from '../api/catalogue'
import { useCluster } from '../../../lib/cluster-scope'
import { isCached, type CatalogueModel } from '../model/catalogue-model'
import { filterModels, type Filters } from '../model/filter'
import type { LaunchKind } from '../model/launch-form'
import { FilterBar } from './filter-bar'
import { ModelCard } from './model-card'
import { CardGridSkeleton, ModelGrid } from './model-grid'
import './model-catalogue.css'

interface ModelCatalogueProps {
  kind: LaunchKind
  custom: boolean
  query: UseQueryResult<CatalogueModel[]>
  /** The catalogue's first entries, shown while the whole of it is still being read. */
  head?: CatalogueModel[]
  gpuCount: number
  /** Models whose cache was removed in this session (shared by all tabs). */
  uncached: ReadonlySet<string>
  onUncached: (name: string) => void
}

// The cache dialog brings the data grid: load it only when someone opens it.
// What opens on a click loads on that click: the first screen ships only the catalogue (docs/decisions/0012).
const ConfirmDialog = lazyThemed(
  async () => (await import('../../../components/confirm-dialog')).ConfirmDialog,
)
const CacheDialog = lazyThemed(withGridText(async () => (await import('./cache-dialog')).CacheDialog))
const LaunchDrawer = lazyThemed(async () => (await import('./launch-drawer')).LaunchDrawer)
const CustomJsonDialog = lazyThemed(async () => (await import('./custom-json-dialog')).CustomJsonDialog)

const NO_FILTERS: Filters = { search: '', abilities: [], statuses: [], runsHere: false }

/** One tab's models: filters, the card grid, and the drawer and dialogs a card opens. */
export function ModelCatalogue({
  kind,
  custom,
  query,
  head,
  gpuCount,
  uncached,
  onUncached,
}: ModelCatalogueProps) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const t = useT()
  // Whether each model fits this machine: the platform's estimate, for the cards and the Runs here switch.
  const withFit = useServerFeature('model_fit')
  const fit = useQuery(fitSummariesQuery(kind, withFit, useCluster()))
  const fitByName = useMemo(
    () => new Map((fit.data?.models ?? []).map((summary) => [summary.model_name, summary])),
    [fit.data],
  )
  const runsHere = useMemo(
    () =>
      fit.data
        ? new Set(fit.data.models.filter((summary) => summary.runs_here).map((summary) => summary.model_name))
        : undefined,
    [fit.data],
  )
  const [filters, setFilters] = useState(NO_FILTERS)
  const [favorites, setFavorites] = useState(() => new Set(favoritesStore.get()))
  const [deleted, setDeleted] = useState<ReadonlySet<string>>(new Set())
  const [launching, setLaunching] = useState<CatalogueModel | null>(null)
  const [caching, setCaching] = useState<CatalogueModel | null>(null)
  const [viewing, setViewing] = useState<CatalogueModel | null>(null)
  const [deleting, setDeleting] = useState<CatalogueModel | null>(null)

  // A keystroke paints the field at once; the cards follow in a render that React drops for the next key.
  const deferredFilters = useDeferredValue(filters)
  const models = query.data ?? (query.isPending ? head : undefined)
  const shown = useMemo(
    () =>
      filterModels(models ?? [], deferredFilters, {
        favorites,
        uncached,
        searchDescriptions: kind === 'LLM' && !custom,
        runsHere,
      }),
    [models, deferredFilters, favorites, uncached, kind, custom, runsHere],
  )

  const toggleFavorite = useCallback((name: string) => {
    setFavorites((old) => {
      const next = new Set(old)
      if (!next.delete(name)) next.add(name)
      favoritesStore.set([...next])
      return next
    })
  }, [])
  const open = useCallback((model: CatalogueModel) => setLaunching((current) => current ?? model), [])

  const deleteCustom = useDeleteCustomModel(kind, useCluster())
  const removeCustom = (model: CatalogueModel) => {
    setDeleting(null)
    deleteCustom.mutate(model.name, {
      onSuccess: () => setDeleted((old) => new Set(old).add(model.name)),
    })
  }

  const edit = (model: CatalogueModel) => {
    customJsonStore.set(model.raw)
    const type = kind === 'LLM' ? 'llm' : kind
    const path = routes.registerModel.href(type, model.name)
    rememberSection(path)
    // Closed before leaving, as the launch drawer is: a quick way back can abandon the navigation's render and
    // find this page still mounted, and it must not show the dialog again.
    setViewing(null)
    void navigate(path)
  }

  return (
    <>
      <FilterBar
        filters={filters}
        setFilters={setFilters}
        withAbility={kind === 'LLM' && !custom}
        withStatus={!custom}
        withRunsHere={withFit}
        searchLabel={
          custom
            ? t('launch.search.custom')
            : kind === 'LLM'
              ? t('launch.search.llm')
              : t('launch.search.other')
        }
      />
      {query.isError && !query.data ? (
        <LoadError
          title={custom ? t('launch.catalogue.loadError.custom') : t('launch.catalogue.loadError')}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : !models ? (
        <CardGridSkeleton label={t('launch.catalogue.loading')} />
      ) : shown.length === 0 ? (
        // Empty, with the next step: fewer filters, or a model of one's own.
        <div className="catalogue-note">
          {models.length ? (
            <>
              <p>{t('launch.catalogue.noMatch')}</p>
              <Button size="small" onClick={() => setFilters(NO_FILTERS)}>
                {t('launch.catalogue.clearFilters')}
              </Button>
            </>
          ) : (
            <>
              <p>{t('launch.catalogue.empty')}</p>
              {custom && (
                <Link to={routes.registerModel.href(kind === 'LLM' ? 'llm' : kind)}>
                  {t('launch.catalogue.register')}
                </Link>
              )}
            </>
          )}
        </div>
      ) : (
        <ModelGrid
          items={shown}
          itemKey={(model) => model.name}
          renderItem={(model) => (
            <ModelCard
              model={model}
              kind={kind}
              cached={!uncached.has(model.name) && isCached(model)}
              deleted={deleted.has(model.name)}
              fit={fitByName.get(model.name)}
              favorite={favorites.has(model.name)}
              onOpen={open}
              onToggleFavorite={toggleFavorite}
              onOpenCache={setCaching}
              onEdit={setViewing}
              onDelete={setDeleting}
            />
          )}
        />
      )}
      {launching && (
        <Suspense>
          <LaunchDrawer
            model={launching}
            kind={kind}
            gpuCount={gpuCount}
            onClose={() => setLaunching(null)}
          />
        </Suspense>
      )}
      {caching && (
        <Suspense>
          <CacheDialog
            modelName={caching.name}
            kind={kind}
            onClose={(anyLeft) => {
              if (!anyLeft) {
                onUncached(caching.name)
                void invalidateRoutes(queryClient, catalogueReads)
              }
              setCaching(null)
            }}
          />
        </Suspense>
      )}
      {viewing && (
        <Suspense>
          <CustomJsonDialog
            model={{ ...viewing.raw }}
            onClose={() => setViewing(null)}
            onEdit={() => edit(viewing)}
          />
        </Suspense>
      )}
      {deleting && (
        <Suspense>
          <ConfirmDialog
            open
            text={t('launch.catalogue.confirmDeleteCustom')}
            onCancel={() => setDeleting(null)}
            onConfirm={() => removeCustom(deleting)}
          />
        </Suspense>
      )}
    </>
  )
}
