import { useState, type SyntheticEvent } from 'react'
import { shownErrors } from '../model/validation'

/**
 * Validation once the user has touched a field (typed in it or left it) and on submit, never on a form just
 * opened. Each field's element carries its error's key as `data-field`; the form hears its fields' input and
 * blur events once, as they bubble.
 */
export function useShownErrors() {
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set())
  const [submitted, setSubmitted] = useState(false)
  const touch = (event: SyntheticEvent) => {
    const target = event.target instanceof Element ? event.target : null
    const field = target?.closest('[data-field]')?.getAttribute('data-field')
    if (field && !touched.has(field)) setTouched(new Set(touched).add(field))
  }
  return {
    touch,
    markSubmitted: () => setSubmitted(true),
    shown: (errors: Record<string, string>) => shownErrors(errors, touched, submitted),
  }
}
