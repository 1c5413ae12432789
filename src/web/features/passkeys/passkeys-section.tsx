import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useId, useState } from 'react'
import type { Passkey } from '../../../contract/passkeys'
import { showToast } from '../../components/toast/toasts'
import { addPasskey, cancelled, passkeyQueries, removePasskey } from './passkey-client'

const when = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleString() : 'never')

function PasskeyRow({ passkey, onRemove, busy }: { passkey: Passkey; onRemove: () => void; busy: boolean }) {
  return (
    <li>
      <strong>{passkey.name}</strong>{' '}
      <span className="muted">
        added {when(passkey.created_at)}, last used {when(passkey.last_used_at)}
      </span>{' '}
      <button type="button" disabled={busy} aria-label={`Remove passkey ${passkey.name}`} onClick={onRemove}>
        Remove
      </button>
    </li>
  )
}

function AddPasskeyForm() {
  const queryClient = useQueryClient()
  const nameId = useId()
  const [name, setName] = useState('')
  const [problem, setProblem] = useState<string>()
  const add = useMutation({
    mutationFn: addPasskey,
    onSuccess: (added) => {
      setName('')
      setProblem(undefined)
      void queryClient.invalidateQueries({ queryKey: passkeyQueries.all() })
      showToast({ tone: 'done', text: `Passkey “${added.name}” added: you can sign in with it.` })
    },
    onError: (error) =>
      setProblem(cancelled(error) ? 'No passkey was made: the request was cancelled.' : error.message),
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!name.trim()) return setProblem('Name the passkey, such as “Work laptop”.')
    add.mutate(name.trim())
  }
  return (
    <form onSubmit={submit} noValidate>
      <label htmlFor={nameId}>Passkey name</label>
      <input id={nameId} value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
      <button type="submit" disabled={add.isPending}>
        {add.isPending ? 'Adding…' : 'Add a passkey'}
      </button>
      {problem ? <p role="alert">{problem}</p> : null}
    </form>
  )
}

/** The profile's passkeys: each one signs this person in without a password. */
export function PasskeysSection() {
  const queryClient = useQueryClient()
  const passkeys = useQuery(passkeyQueries.list())
  const remove = useMutation({
    mutationFn: (passkey: Passkey) => removePasskey(passkey.id),
    onSuccess: (_, passkey) => {
      void queryClient.invalidateQueries({ queryKey: passkeyQueries.all() })
      showToast({ tone: 'done', text: `Passkey “${passkey.name}” removed; it signs nobody in now.` })
    },
    onError: () => showToast({ tone: 'failed', text: 'The passkey could not be removed; try again.' }),
  })
  const list = passkeys.data?.data ?? []
  return (
    <section aria-labelledby="passkeys-heading">
      <h2 id="passkeys-heading">Passkeys</h2>
      {passkeys.error ? <p role="alert">The passkeys could not be loaded: {passkeys.error.message}</p> : null}
      {passkeys.isSuccess && list.length === 0 ? <p className="muted">No passkeys yet.</p> : null}
      <ul aria-label="Your passkeys">
        {list.map((passkey) => (
          <PasskeyRow
            key={passkey.id}
            passkey={passkey}
            busy={remove.isPending}
            onRemove={() => remove.mutate(passkey)}
          />
        ))}
      </ul>
      <AddPasskeyForm />
    </section>
  )
}
