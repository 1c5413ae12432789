import { type FormEvent, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { ApiError } from '../../api/api-error'
import { sessionClient } from '../../api/session'

export function SignInPage() {
  const navigate = useNavigate()
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setBusy(true)
    setError(undefined)
    try {
      await sessionClient.signIn(String(new FormData(event.currentTarget).get('apiKey') ?? ''))
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
