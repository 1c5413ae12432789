import { useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { ApiError } from '../../api/api-error'
import { sessionClient, sessionQuery } from '../../api/session'

export function SignInPage() {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setBusy(true)
    setError(undefined)
    try {
      const session = await sessionClient.signIn(
        String(new FormData(event.currentTarget).get('apiKey') ?? ''),
      )
      // the pages ask the cached session whether they may open; it must not still say 'signed out'
      queryClient.setQueryData(sessionQuery().queryKey, session)
      navigate('/shipments')
    } catch (failure) {
      setError(
        failure instanceof ApiError ? (failure.problems[0]?.detail ?? failure.message) : String(failure),
      )
    } finally {
      setBusy(false)
    }
  }
  return (
    <main id="main" className="sign-in">
      <h1>Sign in to Quayside</h1>
      <form onSubmit={submit}>
        <label htmlFor="api-key">API key</label>
        <input
          id="api-key"
          name="apiKey"
          type="password"
          autoComplete="off"
          required
          aria-describedby="api-key-error"
        />
        {error ? (
          <p id="api-key-error" className="field-error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      <p className="muted">Your key stays on the server; the browser keeps only a session cookie.</p>
    </main>
  )
}
