import { SCOPES, type Scope } from '@serving-console/contract'
import { Checkbox } from '../../../components/checkbox'
import { FieldGroup } from '../../../components/field-group'
import { useT } from '../../../i18n/react'
import { withScope } from './validation'

/** A check box per permission (upstream's names, as the server takes them); `admin` includes all the others. */
export function ScopeFields({ value, onChange }: { value: Scope[]; onChange: (scopes: Scope[]) => void }) {
  const t = useT()
  return (
    <FieldGroup
      legend={t('system.users.field.permissions')}
      below={<p className="field-below">{t('system.users.field.permissionsHelp')}</p>}
    >
      {SCOPES.map((scope) => (
        <Checkbox
          key={scope}
          label={scope}
          checked={value.includes(scope)}
          onChange={(on) => onChange(withScope(value, scope, on))}
        />
      ))}
    </FieldGroup>
  )
}
