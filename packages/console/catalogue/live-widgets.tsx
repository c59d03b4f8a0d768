/*
 * The catalogue's stand-ins: widgets that keep what is typed or chosen in them, for the focus, typing and choice
 * screenshots of e2e/tests/widgets.spec.ts.
 */
import { useState, type ReactNode } from 'react'
import { Checkbox } from '../src/components/checkbox'
import { KeyValueEditor, type KeyValueRow } from '../src/components/key-value-editor'
import { MultiSelect } from '../src/components/multi-select'
import { RouteTabs } from '../src/components/route-tabs'
import { SearchField } from '../src/components/search-field'
import { Select } from '../src/components/select'
import { TextField } from '../src/components/text-field'

/** A name long enough to reach the edge of any field it is written in. */
export const LONG =
  'a-model-name-long-enough-to-reach-the-edge-of-any-field-it-is-written-in-qwen2.5-instruct-72b'
/** For a widget shown in one state only. */
export const ignore = () => undefined

/** One widget's states side by side, under the widget's name. */
export function Row({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="catalogue-row" aria-label={title}>
      <h2>{title}</h2>
      <div className="catalogue-states">{children}</div>
    </section>
  )
}

/** A field that keeps what is typed into it, for the focus and typing screenshots. */
export function LiveTextField(props: { label: string; initial?: string }) {
  const [value, setValue] = useState(props.initial ?? '')
  return <TextField label={props.label} value={value} onChange={setValue} />
}

/** The engine choice, with a disabled option and one too long to fit. */
export function LiveSelect() {
  const [value, setValue] = useState('vllm')
  return (
    <Select
      label="Model Engine"
      value={value}
      onChange={setValue}
      options={[
        'llama.cpp',
        'vllm',
        { value: 'sglang', label: 'sglang', disabled: true, hint: 'not installed on any worker' },
        { value: 'long', label: LONG },
      ]}
    />
  )
}

/** The abilities, two chosen. */
export function LiveMultiSelect() {
  const [value, setValue] = useState<string[]>(['chat', 'vision'])
  return (
    <MultiSelect
      label="Model Abilities"
      options={['generate', 'chat', 'vision', 'tools', 'reasoning']}
      value={value}
      onChange={setValue}
    />
  )
}

/** Engine parameters, one key twice (the editor's duplicate warning). */
export function LiveKeyValues() {
  const [rows, setRows] = useState<KeyValueRow[]>([
    { key: 'n_gpu_layers', value: '-1' },
    { key: 'n_gpu_layers', value: '32' },
    { key: '', value: '' },
  ])
  return (
    <KeyValueEditor
      label="Additional parameters passed to the inference engine"
      rows={rows}
      onChange={setRows}
    />
  )
}

/** Check boxes and switches, on, off and disabled. */
export function LiveChecks() {
  const [checked, setChecked] = useState(true)
  return (
    <>
      <Checkbox label="Chat" checked={checked} onChange={setChecked} />
      <Checkbox label="Generate" checked={false} onChange={ignore} />
      <Checkbox label="Disabled" checked disabled onChange={ignore} />
      <Checkbox label="Follow" kind="switch" checked onChange={ignore} />
      <Checkbox label="Follow" kind="switch" checked={false} onChange={ignore} />
      <Checkbox label="Disabled" kind="switch" checked={false} disabled onChange={ignore} />
    </>
  )
}

/** The model kinds' tabs. */
export function LiveTabs() {
  const [value, setValue] = useState('llm')
  return (
    <RouteTabs
      label="Model kinds"
      value={value}
      onChange={setValue}
      tabs={[
        { value: 'llm', label: 'Language Models' },
        { value: 'embedding', label: 'Embedding Models' },
        { value: 'rerank', label: 'Rerank Models' },
        { value: 'image', label: 'Image Models' },
      ]}
    />
  )
}

/** The catalogue's search field. */
export function LiveSearch() {
  const [value, setValue] = useState('')
  return <SearchField label="Search for model name and description" value={value} onChange={setValue} />
}
