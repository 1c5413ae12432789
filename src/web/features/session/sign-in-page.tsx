import { useQueryClient } from '@tanstack/react-query'
import { Suspense, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router-dom'
import type { Session } from '../../../contract/session'
import { sessionQuery } from '../../api/session'
import { useFeatureSlot } from '../../components/layout/feature-slots'
import { KeySignIn } from './key-sign-in-form'
import { PasswordSignIn } from './password-sign-in-form'
import { returnPath } from './return-path'

export function SignInPage() {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [withKey, setWithKey] = useState(false)
  const PasskeySignInButton = useFeatureSlot('PasskeySignInButton')
  const next = returnPath(useSearchParams()[0].get('next'))
  const onSignedIn = (session: Session) => {
    queryClient.setQueryData(sessionQuery.queryKey, session)
    // the authorization endpoint is the server's page, not the dashboard's
    if (next) window.location.assign(next)
    else navigate('/')
  }
  return (
    <main id="main" className="sign-in">
      <h1>Sign in to Quayside</h1>
      {next ? <p>Sign in as yourself to authorise an app to use Quayside.</p> : null}
      {withKey ? <KeySignIn onSignedIn={onSignedIn} /> : <PasswordSignIn onSignedIn={onSignedIn} />}
      <div className="sign-in-other">
        {PasskeySignInButton ? (
          // the button's own place while its code loads: appearing later, it moved the toggle beside it from
          // under a click already on its way, which then landed on neither
          <Suspense
            fallback={
              <div>
                <button type="button" disabled>
                  Sign in with a passkey
                </button>
              </div>
            }
          >
            <PasskeySignInButton onSignedIn={onSignedIn} />
          </Suspense>
        ) : null}
        <button type="button" className="link-button" onClick={() => setWithKey(!withKey)}>
          {withKey ? 'Use your email and password instead' : 'Use an API key instead'}
        </button>
      </div>
      <p className="muted">
        {withKey
          ? 'Your key stays on the server; the browser keeps only a session cookie.'
          : 'Forgot your password? Ask an admin of your account for a reset link.'}
      </p>
    </main>
  )
}
