import type { Cluster, ClusterCredentialInput, ClusterInput } from '@serving-console/contract'
import { useState } from 'react'
import { Select } from '../../../components/select'
import { TextField } from '../../../components/text-field'
import type { MessageId } from '../../../i18n/catalogue'
import { useT } from '../../../i18n/react'
import { useAddCluster, useChangeCluster } from '../api/clusters'
import { SystemDialog } from '../system-dialog'

type CredentialKind = ClusterCredentialInput['kind']
/** On a change, the credential kept stays unless another is given. */
type CredentialChoice = CredentialKind | 'keep'

export const CREDENTIAL_LABELS: Record<CredentialKind, MessageId> = {
  none: 'system.clusters.credential.none',
  api_key: 'system.clusters.credential.apiKey',
  password: 'system.clusters.credential.password',
}

const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/

/** Whether the server takes the address: http(s), with no user, password, query or #fragment in it. */
function addressOk(text: string): boolean {
  try {
    const url = new URL(text)
    return (
      ['http:', 'https:'].includes(url.protocol) &&
      url.hostname !== '' &&
      !url.username &&
      !url.password &&
      !url.search &&
      !url.hash
    )
  } catch {
    return false
  }
}

type Problem = 'name' | 'address' | 'apiKey' | 'username' | 'password' | 'moved'

/**
 * A new cluster, or `cluster` changed: its name, address and the credential the server talks to it with. A key or
 * password is never shown again: on a change, the one kept stays unless another is given. A cluster of the command
 * line keeps its name and address there.
 */
export function ClusterDialog({ cluster, onClose }: { cluster: Cluster | null; onClose: () => void }) {
  const t = useT()
  const add = useAddCluster()
  const change = useChangeCluster()
  const fixed = cluster?.source === 'command_line'
  const [name, setName] = useState(cluster?.name ?? '')
  const [address, setAddress] = useState(cluster?.address ?? '')
  const [kind, setKind] = useState<CredentialChoice>(cluster ? 'keep' : 'none')
  const [apiKey, setApiKey] = useState('')
  const [username, setUsername] = useState(cluster?.credential.username ?? '')
  const [password, setPassword] = useState('')
  const [problem, setProblem] = useState<Problem | null>(null)

  const credential = (): ClusterCredentialInput | Problem | null => {
    if (kind === 'keep') return null
    if (kind === 'api_key') return apiKey ? { kind, api_key: apiKey } : 'apiKey'
    if (kind === 'password') {
      if (!username.trim()) return 'username'
      return password ? { kind, username: username.trim(), password } : 'password'
    }
    return { kind: 'none' }
  }
  const checked = (): ClusterInput | Omit<ClusterInput, 'credential'> | Problem => {
    if (!NAME.test(name.trim())) return 'name'
    if (!addressOk(address.trim())) return 'address'
    // A kept key or password goes only to the address it was given for (docs/clusters.md).
    if (
      cluster &&
      kind === 'keep' &&
      cluster.credential.kind !== 'none' &&
      address.trim() !== cluster.address
    )
      return 'moved'
    const given = credential()
    if (typeof given === 'string') return given
    return { name: name.trim(), address: address.trim(), ...(given ? { credential: given } : {}) }
  }

  const choices: CredentialChoice[] = cluster
    ? ['keep', 'none', 'api_key', 'password']
    : ['none', 'api_key', 'password']
  return (
    <SystemDialog
      title={cluster ? t('system.clusters.editTitle', { name: cluster.name }) : t('system.clusters.addTitle')}
      submitLabel={t('system.save')}
      onSubmit={() => {
        const input = checked()
        if (typeof input === 'string') return setProblem(input)
        setProblem(null)
        if (cluster) change.mutate({ name: cluster.name, change: input }, { onSuccess: onClose })
        else if ('credential' in input) add.mutate(input, { onSuccess: onClose })
      }}
      onClose={onClose}
      change={cluster ? change : add}
    >
      <TextField
        label={t('system.clusters.name')}
        value={name}
        onChange={setName}
        disabled={fixed}
        error={problem === 'name'}
        helperText={t(problem === 'name' ? 'system.clusters.error.name' : 'system.clusters.nameHelp')}
      />
      <TextField
        label={t('system.clusters.address')}
        value={address}
        inputMode="url"
        onChange={setAddress}
        disabled={fixed}
        error={problem === 'address'}
        helperText={
          fixed
            ? t('system.clusters.commandLineHelp')
            : t(problem === 'address' ? 'system.clusters.error.address' : 'system.clusters.addressHelp')
        }
      />
      <Select
        label={t('system.clusters.credential')}
        value={kind}
        onChange={(value) => setKind(value as CredentialChoice)}
        error={problem === 'moved' ? t('system.clusters.error.moved') : null}
        options={choices.map((value) => ({
          value,
          label: value === 'keep' ? t('system.clusters.credential.keep') : t(CREDENTIAL_LABELS[value]),
        }))}
      />
      {kind === 'api_key' && (
        <TextField
          label={t('system.clusters.apiKey')}
          type="password"
          autoComplete="off"
          value={apiKey}
          onChange={setApiKey}
          error={problem === 'apiKey' ? t('system.clusters.error.required') : null}
        />
      )}
      {kind === 'password' && (
        <>
          <TextField
            label={t('system.clusters.username')}
            value={username}
            autoComplete="off"
            onChange={setUsername}
            error={problem === 'username' ? t('system.clusters.error.required') : null}
          />
          <TextField
            label={t('system.clusters.password')}
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={setPassword}
            error={problem === 'password' ? t('system.clusters.error.required') : null}
          />
        </>
      )}
    </SystemDialog>
  )
}
