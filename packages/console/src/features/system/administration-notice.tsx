import { Notice } from '../../components/notice'
import { useT } from '../../i18n/react'

/**
 * In place of a System page where the server has no user store: an auth file's users (the platform with
 * `--auth-config`, Xinference 1.x/2.x) are edited in that file; without authentication there are none.
 */
export function AdministrationNotice({ mode }: { mode: 'auth_file' | 'off' }) {
  const t = useT()
  return mode === 'auth_file' ? (
    <Notice severity="info" title={t('system.administration.authFile.title')}>
      {t('system.administration.authFile.text')}
    </Notice>
  ) : (
    <Notice severity="info" title={t('system.administration.off.title')}>
      {t('system.administration.off.text')}
    </Notice>
  )
}
