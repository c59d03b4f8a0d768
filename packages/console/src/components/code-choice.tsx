import { CopyButton } from './copy-button'
import { Select } from './select'
import './code-choice.css'

/**
 * A piece of code in one of several forms (a command line, curl, Python…): the form chosen in a list, the code
 * in a focusable block named after it (so the keyboard can scroll it), and a Copy button.
 */
export function CodeChoice<Form extends string>({
  label,
  forms,
  value,
  onChange,
  code,
  copyLabel,
}: {
  /** The list's label. */
  label: string
  forms: readonly { value: Form; label: string }[]
  value: Form
  onChange: (value: Form) => void
  code: string
  copyLabel: string
}) {
  const shown = forms.find((form) => form.value === value)
  return (
    <div className="code-choice">
      <div className="code-choice-head">
        <Select label={label} value={value} options={forms} onChange={(next) => onChange(next as Form)} />
        <CopyButton text={code} label={copyLabel} />
      </div>
      <pre className="code-choice-code" aria-label={shown?.label} tabIndex={0}>
        {code}
      </pre>
    </div>
  )
}
