import { Fragment } from 'react'
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
  pieces,
  copyLabel,
}: {
  /** The list's label. */
  label: string
  forms: readonly { value: Form; label: string }[]
  value: Form
  onChange: (value: Form) => void
  code: string
  /**
   * The code in the pieces it may wrap between and not inside (a command's flags with their values), where it
   * has such pieces; joined by spaces they are `code`.
   */
  pieces?: readonly string[] | undefined
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
        {pieces
          ? pieces.map((piece, index) => (
              <Fragment key={index}>
                {index > 0 && ' '}
                <span className="code-choice-piece">{piece}</span>
              </Fragment>
            ))
          : code}
      </pre>
    </div>
  )
}
