import { useT } from '../../../i18n/react'
import { reasonId, type Right, type Rights } from '../model/rights'

// Said at render time, so the line follows a change of language.
const WHAT = {
  stop: 'running.denied.stop',
  read: 'running.denied.read',
} as const

/**
 * Why some of the page's actions are not offered, in sight: "Terminate, Stop all, …: Needs the models:stop
 * permission". Each denied button is described by its line (`reasonId`), so a screen reader hears it too.
 */
export function DeniedReasons({ rights }: { rights: Rights }) {
  const t = useT()
  const denied = (Object.keys(WHAT) as (keyof typeof WHAT)[]).filter((right) => !rights[right].allowed)
  if (denied.length === 0) return null
  return (
    <ul className="running-denied">
      {denied.map((right: Right & keyof typeof WHAT) => {
        const allowed = rights[right]
        return (
          <li key={right} id={reasonId(right)}>
            {t(WHAT[right], { reason: allowed.allowed ? '' : allowed.reason })}
          </li>
        )
      })}
    </ul>
  )
}
