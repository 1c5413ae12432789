import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import type { Session } from '../../../contract/session'
import { addPasskey, cancelled } from './passkey-client'

/** Absent from older browsers and from pages that are not a secure context. */
const hasWebAuthn = () => typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function'

const JOINED_PASSKEY_NAME = 'Passkey made when joining'

class NoPasskey extends Error {}

type Props = { join: () => Promise<Session>; onJoined: (session: Session) => void }

/**
 * Joins without a password, then registers a passkey at once. The invitation is spent by then, so a passkey
 * the browser refuses is tried again, never the joining.
 */
export function PasskeyJoin({ join, onJoined }: Props) {
  const [session, setSession] = useState<Session>()
  const [problem, setProblem] = useState<string>()
  const run = useMutation({
    mutationFn: async () => {
      const joined = session ?? (await join())
      setSession(joined)
      try {
        await addPasskey(JOINED_PASSKEY_NAME)
      } catch (error) {
        throw new NoPasskey(cancelled(error) ? 'the request was cancelled' : (error as Error).message)
      }
      return joined
    },
    onSuccess: onJoined,
    onError: (error) =>
      setProblem(
        error instanceof NoPasskey
          ? `You have joined, but no passkey was made (${error.message}). Try again: it is how you sign in next time.`
          : error.message,
      ),
  })
  if (!hasWebAuthn()) return null
  return (
    <div className="sign-in-other">
      <button type="button" disabled={run.isPending} onClick={() => run.mutate()}>
        {run.isPending
          ? 'Waiting for your passkey…'
          : session
            ? 'Try the passkey again'
            : 'Use a passkey instead of a password'}
      </button>
      {problem ? <p role="alert">{problem}</p> : null}
    </div>
  )
}
