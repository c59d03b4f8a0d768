import { laterChunk } from '../../lib/later-chunk'

/**
 * The register form: its own chunk (MUI's fields and autocomplete, most of the screen's code), so the page, its
 * heading and tabs are drawn without it and the build prerenders them (app/shell/prerender.tsx).
 */
export const formChunk = laterChunk(async () => (await import('./components/register-form')).RegisterForm)
