import './json-block.css'

/** Read-only JSON, indented as upstream shows it: the custom model view and the register forms' JSON panel. */
export function JsonBlock({
  text,
  label,
  maxHeight,
}: {
  text: string
  label: string
  maxHeight: number | string
}) {
  return (
    <pre className="json-block" aria-label={label} tabIndex={0} style={{ maxHeight }}>
      {text}
    </pre>
  )
}
