import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { User } from '../../../contract/people'
import { sessionQuery } from '../../api/session'
import { serverProblems } from '../../components/form/server-problems'
import { peopleApi, peopleQueries } from './people-queries'

export const personName = (user: User) =>
  [user.attributes.first_name, user.attributes.last_name].filter(Boolean).join(' ') ||
  (user.attributes.email ?? 'this person')

const words = (error: unknown) => (error ? serverProblems(error, []).general.join(' ') : '')

function ConfirmRemove({ user, onCancel }: { user: User; onCancel: () => void }) {
  const queryClient = useQueryClient()
  const remove = useMutation({
    mutationFn: () => peopleApi.remove(user.id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: peopleQueries.all() }),
  })
  const name = personName(user)
  return (
    <fieldset className="confirm">
      <legend>
        Remove {name}? Their keys and sessions stop at once; what they changed stays in the history.
      </legend>
      <button type="button" className="danger" onClick={() => remove.mutate()} disabled={remove.isPending}>
        {remove.isPending ? 'Removing…' : `Remove ${name}`}
      </button>{' '}
      <button type="button" className="secondary" onClick={onCancel}>
        Cancel
      </button>
      <p className="field-error" aria-live="polite">
        {words(remove.error)}
      </p>
    </fieldset>
  )
}

/** Reset link, View as and Remove; each says why it was refused. */
export function PersonActions({
  user,
  isMe,
  canManage,
  onResetLink,
}: {
  user: User
  isMe: boolean
  canManage: boolean
  onResetLink: (user: User, url: string) => void
}) {
  const queryClient = useQueryClient()
  const [confirming, setConfirming] = useState(false)
  const reset = useMutation({
    mutationFn: () => peopleApi.resetLink(user.id),
    onSuccess: (answer) => onResetLink(user, answer.data.attributes.reset_url),
  })
  const viewAs = useMutation({
    mutationFn: () => peopleApi.viewAs(user.id),
    onSuccess: async (session) => {
      queryClient.setQueryData(sessionQuery.queryKey, session)
      await queryClient.resetQueries({ predicate: (query) => query.queryKey[0] !== 'session' })
    },
  })
  const name = personName(user)
  if (!canManage && !isMe) return null
  if (confirming) return <ConfirmRemove user={user} onCancel={() => setConfirming(false)} />
  return (
    <div className="row-actions">
      <button type="button" className="secondary" onClick={() => reset.mutate()} disabled={reset.isPending}>
        Reset link<span className="visually-hidden"> for {name}</span>
      </button>
      {canManage && !isMe ? (
        <>
          <button
            type="button"
            className="secondary"
            onClick={() => viewAs.mutate()}
            disabled={viewAs.isPending}
          >
            View as<span className="visually-hidden"> {name}</span>
          </button>
          <button type="button" className="secondary" onClick={() => setConfirming(true)}>
            Remove<span className="visually-hidden"> {name}</span>
          </button>
        </>
      ) : null}
      <p className="field-error" aria-live="polite">
        {words(reset.error ?? viewAs.error)}
      </p>
    </div>
  )
}
