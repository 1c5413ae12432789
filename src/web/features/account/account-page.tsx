import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router-dom'
import { accountQuery } from '../../api/account-query'
import { ApiError } from '../../api/api-error'
import { sessionClient, sessionQuery } from '../../api/session'

const SCOPE_WORDS: Record<string, string> = {
  read: 'Read only: it can look at everything but change nothing.',
  write: 'Read and write: it can track shipments and change them.',
}

export function AccountPage() {
  const session = useQuery(sessionQuery).data
  const account = useQuery({ ...accountQuery, retry: false })
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const signOut = async () => {
    await sessionClient.signOut().catch(() => undefined)
    queryClient.clear()
    navigate('/sign-in')
  }
  const a = account.data?.data.attributes
  // a server without Quayside's account extension answers 404
  const unknown = account.error instanceof ApiError && account.error.status === 404
  return (
    <section aria-labelledby="account-title" className="form-page">
      <h1 id="account-title">Account</h1>
      {session?.demo ? (
        <p className="banner banner-warning">
          This is the public demo: everyone shares the demo account and its data is made up. There is nothing
          to sign out of.
        </p>
      ) : null}
      {account.error && !unknown ? (
        <p className="field-error" role="alert">
          Couldn't load the account: {account.error.message}
        </p>
      ) : null}
      <dl aria-busy={account.isPending}>
        <div>
          <dt>Account</dt>
          <dd>
            {a?.company_name ?? (unknown ? 'This server does not say' : account.isPending ? 'Loading…' : '—')}
          </dd>
        </div>
        <div>
          <dt>Your API key</dt>
          <dd>
            {a?.key_scope
              ? (SCOPE_WORDS[a.key_scope] ?? a.key_scope)
              : session?.access === 'read-only'
                ? SCOPE_WORDS.read
                : '—'}
          </dd>
        </div>
        <div>
          <dt>In this browser</dt>
          <dd>
            {session?.access === 'read-only'
              ? 'Read only: buttons that change anything say why they are unavailable.'
              : 'You can make changes.'}
          </dd>
        </div>
        <div>
          <dt>Inbound email</dt>
          <dd>
            {a?.inbound_email_address ? (
              <>
                <a href={`mailto:${a.inbound_email_address}`}>{a.inbound_email_address}</a>
                <span className="muted small"> Forward carriers’ documents here.</span>
              </>
            ) : (
              'None set up'
            )}
          </dd>
        </div>
      </dl>
      {session && !session.demo ? (
        <p>
          <button type="button" onClick={signOut}>
            Sign out
          </button>
        </p>
      ) : null}
    </section>
  )
}
