import { session, type SessionKey, type Section } from './storage'

const HOME = '/launch_model/llm'

/** The session key holding the path each remembered section was last opened at. */
const REMEMBERED_PATH: Record<Section, SessionKey> = {
  launch_model: 'modelType',
  running_models: 'runningModelType',
  register_model: 'registerModelType',
}

const isSection = (value: string | null): value is Section => value !== null && value in REMEMBERED_PATH

/**
 * Where "back to the last active section" leads (SPEC §4, 403 on cluster fetches): that section at the path it
 * was last shown with, or /launch_model/llm.
 */
export function lastActivePath(): string {
  const section = session.get('lastActiveUrl')
  if (!isSection(section)) return HOME
  const remembered = session.get(REMEMBERED_PATH[section])
  return remembered?.startsWith(`/${section}/`) ? remembered : HOME
}
