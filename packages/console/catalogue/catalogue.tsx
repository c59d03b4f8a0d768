import { Button, IconButton } from '../src/components/button'
import { Checkbox } from '../src/components/checkbox'
import { Chip } from '../src/components/chip'
import { ColorSchemeSwitch } from '../src/components/color-scheme-switch'
import { CopyButton } from '../src/components/copy-button'
import { Disclosure } from '../src/components/disclosure'
import { FieldGroup } from '../src/components/field-group'
import { CancelIcon, DeleteOutlineOutlinedIcon, RocketLaunchOutlinedIcon } from '../src/components/icons'
import { JsonPanel } from '../src/components/json-panel'
import { LaunchProgress } from '../src/components/launch-progress'
import { Logo } from '../src/components/logo'
import { MultiSelect } from '../src/components/multi-select'
import { Notice } from '../src/components/notice'
import { SearchField } from '../src/components/search-field'
import { Select } from '../src/components/select'
import { Spinner } from '../src/components/spinner'
import { TextField } from '../src/components/text-field'
import { Toast } from '../src/components/toast'
import '../src/components/surface.css'
import '../src/components/table.css'
import './catalogue.css'
import {
  ignore,
  LiveChecks,
  LiveKeyValues,
  LiveMultiSelect,
  LiveSearch,
  LiveSelect,
  LiveTabs,
  LiveTextField,
  LONG,
  Row,
} from './live-widgets'

/**
 * Every widget of `src/components` in each of its states (default, focus and hover by the test's own hand,
 * disabled, error, long text), for the screenshot tests in e2e/tests/widgets.spec.ts. Built for those tests
 * alone (`npm run build:catalogue`), never part of the console.
 */
export function Catalogue() {
  return (
    <main className="catalogue">
      <header className="catalogue-header">
        <Logo />
        <h1>Widget catalogue</h1>
        <ColorSchemeSwitch />
      </header>

      <Row title="Button">
        <Button variant="contained">Launch</Button>
        <Button variant="contained" startIcon={<RocketLaunchOutlinedIcon />}>
          Launch
        </Button>
        <Button variant="outlined">Cancel</Button>
        <Button>Go Back</Button>
        <Button variant="contained" color="error">
          Terminate
        </Button>
        <Button variant="outlined" color="error" startIcon={<DeleteOutlineOutlinedIcon />}>
          Delete
        </Button>
        <Button variant="contained" size="small">
          Small
        </Button>
        <Button variant="contained" disabled>
          Disabled
        </Button>
        <Button variant="outlined" disabled>
          Disabled
        </Button>
        <Button variant="contained" loading>
          Launching
        </Button>
        <Button variant="outlined" className="catalogue-narrow">
          A label much longer than its button is wide
        </Button>
      </Row>

      <Row title="Icon button">
        <IconButton label="Delete">
          <DeleteOutlineOutlinedIcon />
        </IconButton>
        <IconButton label="Delete" color="error">
          <DeleteOutlineOutlinedIcon />
        </IconButton>
        <IconButton label="Remove" size="small">
          <CancelIcon fontSize="small" />
        </IconButton>
        <IconButton label="Delete" disabled>
          <DeleteOutlineOutlinedIcon />
        </IconButton>
      </Row>

      <Row title="Text field">
        <LiveTextField label="Model UID (optional)" />
        <TextField label="Model Name" value="my-model" onChange={ignore} required />
        <TextField
          label="Context Length"
          value="2048"
          onChange={ignore}
          helperText="Tokens the model reads at once"
        />
        <TextField
          label="Model Name"
          value="qwen"
          onChange={ignore}
          error="Model name conflicts with a built-in model"
        />
        <TextField label="Model Path" value="" onChange={ignore} required error />
        <TextField label="Replica" value="1" onChange={ignore} disabled />
        <TextField label="Model Name" value={LONG} onChange={ignore} />
        <TextField
          label="Description"
          value={'Two lines\nof description'}
          onChange={ignore}
          multiline
          rows={3}
        />
      </Row>

      <Row title="Select">
        <LiveSelect />
        <Select
          label="Quantization"
          value=""
          options={['Q4_K_M', 'Q8_0']}
          onChange={ignore}
          helperText="Pick one"
        />
        <Select label="Format" value="" options={['ggufv2']} onChange={ignore} error="Required" />
        <Select label="Size" value="7" options={['7']} onChange={ignore} disabled />
        <Select label="Engine" value={LONG} options={[LONG]} onChange={ignore} />
      </Row>

      <Row title="Multi-select">
        <LiveMultiSelect />
        <MultiSelect label="Languages" options={['en', 'zh']} value={[]} onChange={ignore} />
      </Row>

      <Row title="Checkbox and switch">
        <LiveChecks />
      </Row>

      <Row title="Check box group">
        <FieldGroup legend="Model Abilities">
          <Checkbox label="Generate" checked onChange={ignore} />
          <Checkbox label="Chat" checked={false} onChange={ignore} />
        </FieldGroup>
        <FieldGroup legend="Model Languages" missing>
          <Checkbox label="en" checked={false} onChange={ignore} />
          <Checkbox label="zh" checked={false} onChange={ignore} />
        </FieldGroup>
      </Row>

      <Row title="Chip">
        <Chip label="en" />
        <Chip label="Cached" tone="success" />
        <Chip label="Deleted" tone="error" />
        <Chip
          label="Last Config"
          tone="primary"
          action={{ label: 'Remove Last Config', icon: <CancelIcon fontSize="small" />, onClick: ignore }}
        />
        <span className="catalogue-narrow">
          <Chip label={LONG} />
        </span>
      </Row>

      <Row title="Tabs">
        <LiveTabs />
      </Row>

      <Row title="Search field">
        <LiveSearch />
        <SearchField label="Search" value={LONG} onChange={ignore} />
      </Row>

      <Row title="Notice">
        <Notice severity="error" title="Could not load the models">
          Server error: 500 - Unknown error
        </Notice>
        <Notice severity="warning">The workers have no uv.</Notice>
        <Notice severity="info">No models here yet.</Notice>
        <Notice severity="success">Model registered.</Notice>
        <Notice severity="error" variant="filled" action={<Button color="inherit">Retry</Button>}>
          Cannot reach the server: {LONG}
        </Notice>
      </Row>

      <Row title="Copy button">
        <CopyButton text="copied" label="Copy real_path" />
      </Row>

      <Row title="Disclosure and JSON panel">
        <Disclosure summary="Optional Configurations">
          <p>Hidden until opened.</p>
        </Disclosure>
        <Disclosure summary="Optional Configurations" initiallyOpen>
          <p>Shown.</p>
        </Disclosure>
        <div className="catalogue-wide">
          <JsonPanel value={{ model_name: 'my-model', model_lang: ['en'], context_length: 2048 }} />
        </div>
      </Row>

      <Row title="Key/value editor">
        <div className="catalogue-wide">
          <LiveKeyValues />
        </div>
      </Row>

      <Row title="Progress and spinner">
        <div className="catalogue-wide">
          <LaunchProgress
            onCancel={ignore}
            launch={{
              model_uid: 'qwen2.5-instruct',
              model_name: 'qwen2.5-instruct',
              model_type: 'LLM',
              stage: 'downloading',
              progress: 0.42,
              download: {
                name: 'qwen2.5-7b-instruct-q4_k_m.gguf',
                downloaded_bytes: 2 ** 31,
                total_bytes: 5 * 2 ** 30,
                speed_bytes_per_second: 2 ** 24,
              },
              error: null,
            }}
          />
        </div>
        <Spinner label="Loading" />
      </Row>

      <Row title="Surface and table">
        <div className="surface catalogue-wide">
          <table className="table">
            <thead>
              <tr>
                <th>Node</th>
                <th>GPU Memory Total</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <td>192.168.1.10:30001</td>
                <td>80.0 GiB</td>
              </tr>
              <tr>
                <td>{LONG}</td>
                <td>24.0 GiB</td>
              </tr>
            </tbody>
          </table>
        </div>
      </Row>
      {/* Last: the toast puts itself at the end of the page (a portal), right under this heading. */}
      <Row title="Toast">
        <Toast
          severity="error"
          autoHideMs={2 ** 31 - 1}
          onClose={ignore}
          action={<CopyButton text="x" label="Copy the full error" color="inherit" />}
        >
          Server error: 500 - Unknown error
        </Toast>
      </Row>
    </main>
  )
}
