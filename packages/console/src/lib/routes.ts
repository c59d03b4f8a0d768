import { session, type Section } from './storage'

const segment = (value: string) => encodeURIComponent(value)

/** The System section's pages (users and what goes with them), each at `/system/{page}`. */
export const SYSTEM_PAGES = [
  'users',
  'keys',
  'security',
  'audit',
  'usage',
  'alerts',
  'cache',
  'clusters',
] as const
export type SystemPage = (typeof SYSTEM_PAGES)[number]

/**
 * SPEC §2's routes, the one place their paths are written: the router matches `path`; links, redirects and
 * navigation build addresses with `href`.
 */
export const routes = {
  login: { path: 'login', href: () => '/login' },
  launchModel: {
    path: 'launch_model/:Modeltype/:subType?',
    /** `launchModel.href('llm')`, or a custom kind: `launchModel.href('custom', 'embedding')`. */
    href: (type = 'llm', subType?: string) =>
      subType ? `/launch_model/${segment(type)}/${segment(subType)}` : `/launch_model/${segment(type)}`,
  },
  runningModels: {
    path: 'running_models/:runningModelType',
    href: (type = 'LLM') => `/running_models/${segment(type)}`,
  },
  registerModel: {
    path: 'register_model/:registerModelType/:model_name?',
    /** With a model name: edit mode. */
    href: (type = 'llm', modelName?: string) =>
      modelName === undefined
        ? `/register_model/${segment(type)}`
        : `/register_model/${segment(type)}/${segment(modelName)}`,
  },
  clusterInfo: { path: 'cluster_info', href: () => '/cluster_info' },
  /** Beyond SPEC: try a running model (docs/playgrounds.md). */
  playground: {
    path: 'playground/:modelUid',
    href: (modelUid: string) => `/playground/${segment(modelUid)}`,
  },
  /** Users, API keys, security, audit, usage, alerts, the model cache and clusters: `system.href('keys')`. */
  system: { path: 'system/:page', href: (page: SystemPage = 'users') => `/system/${page}` },
} as const

/** The section on screen now (`running_models`, …): the first segment of the hash route. */
export const sectionOnScreen = () => window.location.hash.split('/')[1] ?? ''

/** Where the console starts, and where anything unknown leads. */
export const HOME = routes.launchModel.href('llm')

/**
 * SPEC's remembered paths in one place: a section's tab (modelType and subType, runningModelType,
 * registerModelType) and which section was last active (lastActiveUrl). Called with the path being opened by the
 * side navigation, a tab, or a flow that lands the user in a section.
 */
export function rememberSection(path: string): void {
  const [, section, type, subType] = path.split('/')
  if (section === 'launch_model') {
    if (type === 'custom') {
      session.set('modelType', '/launch_model/custom')
      session.set('subType', routes.launchModel.href('custom', subType ?? 'llm'))
    } else session.set('modelType', path)
  } else if (section === 'running_models') {
    session.set('runningModelType', path)
  } else if (section === 'register_model') {
    // The tab, never an edit of one model.
    session.set('registerModelType', routes.registerModel.href(type))
  } else return
  session.set('lastActiveUrl', section)
}

const SECTIONS: Record<Section, 'modelType' | 'runningModelType' | 'registerModelType'> = {
  launch_model: 'modelType',
  running_models: 'runningModelType',
  register_model: 'registerModelType',
}
const isSection = (value: string | null): value is Section => value !== null && value in SECTIONS

/**
 * Where "back to the last active section" leads (SPEC §4, 403 on cluster fetches): that section at the path it
 * was last shown with, or HOME.
 */
export function lastActivePath(): string {
  const section = session.get('lastActiveUrl')
  if (!isSection(section)) return HOME
  const remembered = session.get(SECTIONS[section])
  if (section === 'launch_model' && remembered === '/launch_model/custom')
    return session.get('subType') ?? HOME
  return remembered?.startsWith(`/${section}/`) ? remembered : HOME
}
