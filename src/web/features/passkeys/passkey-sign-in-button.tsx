import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import type { Session } from '../../../contract/session'
import { cancelled, signInWithPasskey } from './passkey-client'

/** Signs in with a passkey this browser or a phone holds; no email needed, the passkey names the person. */
export function PasskeySignInButton({ onSignedIn }: { onSignedIn: (session: Session) => void }) {
  const [problem, setProblem] = useState<string>()
  const signIn = useMutation({
    mutationFn: signInWithPasskey,
    onSuccess: onSignedIn,
    onError: (error) =>
      setProblem(cancelled(error) ? 'No passkey was used: the request was cancelled.' : error.message),
  })
  return (
    <div>
      <button type="button" disabled={signIn.isPending} onClick={() => signIn.mutate()}>
        {signIn.isPending ? 'Waiting for your passkey…' : 'Sign in with a passkey'}
      </button>
      {problem ? <p role="alert">{problem}</p> : null}
    </div>
  )
}
