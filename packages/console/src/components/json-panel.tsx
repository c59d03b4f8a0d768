import { useT } from '../i18n/react'
import { CopyButton } from './copy-button'
import { Disclosure } from './disclosure'
import { JsonBlock } from './json-block'
import './json-panel.css'

/**
 * SPEC §2: the collapsible, read-only JSON Format panel of the register forms — the payload as indented JSON,
 * exactly what is sent, with a copy-all button.
 */
export function JsonPanel({ value }: { value: unknown }) {
  const t = useT()
  const text = JSON.stringify(value, null, 4)
  return (
    <div className="json-panel">
      <Disclosure
        outlined
        summary={
          <>
            <span className="json-panel-title">{t('common.jsonPanel.title')}</span>
            <span className="json-panel-subtitle">{t('common.jsonPanel.subtitle')}</span>
          </>
        }
      >
        <div className="json-panel-body">
          <span className="json-panel-copy">
            <CopyButton text={text} label={t('common.jsonPanel.copyAll')} />
          </span>
          <JsonBlock text={text} label={t('common.jsonPanel.content')} maxHeight={480} />
        </div>
      </Disclosure>
    </div>
  )
}
