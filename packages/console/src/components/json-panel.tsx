import { CopyButton } from './copy-button'
import { Disclosure } from './disclosure'
import { JsonBlock } from './json-block'
import './json-panel.css'

/**
 * SPEC §2: the collapsible, read-only JSON Format panel of the register forms — the payload as indented JSON,
 * exactly what is sent, with a copy-all button.
 */
export function JsonPanel({ value }: { value: unknown }) {
  const text = JSON.stringify(value, null, 4)
  return (
    <div className="json-panel">
      <Disclosure
        outlined
        summary={
          <>
            <span className="json-panel-title">JSON Format</span>
            <span className="json-panel-subtitle">Show custom json config used by api</span>
          </>
        }
      >
        <div className="json-panel-body">
          <span className="json-panel-copy">
            <CopyButton text={text} label="Copy all" />
          </span>
          <JsonBlock text={text} label="Custom json config" maxHeight={480} />
        </div>
      </Disclosure>
    </div>
  )
}
