import { Spinner } from '../../../components/spinner'
import '../../../components/surface.css'
import { useT } from '../../../i18n/react'
import './register-form-loading.css'

/** The form's surface while the form's code is on its way: plain markup, so the build prerenders it with the page. */
export function RegisterFormLoading() {
  const t = useT()
  return (
    <div className="surface register-form-loading">
      <Spinner label={t('common.loading')} />
    </div>
  )
}
