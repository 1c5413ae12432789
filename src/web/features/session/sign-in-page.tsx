import { useQueryClient } from '@tanstack/react-query'
import { Suspense, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import type { Session } from '../../../contract/session'
import { sessionQuery } from '../../api/session'
import { useFeatureSlot } from '../../components/layout/feature-slots'
import { KeySignIn } from './key-sign-in-form'
import { PasswordSignIn } from './password-sign-in-form'

export function SignInPage() {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [withKey, setWithKey] = useState(false)
  const PasskeySignInButton = useFeatureSlot('PasskeySignInButton')
  const onSignedIn = (session: Session) => {
    queryClient.setQueryData(sessionQuery.queryKey, session)
    navigate('/')
  }
  return (
    <main id="main" className="sign-in">
      <h1>Sign in to Quayside</h1>
      {withKey ? <KeySignIn onSignedIn={onSignedIn} /> : <PasswordSignIn onSignedIn={onSignedIn} />}
      <div className="sign-in-other">
        {PasskeySignInButton ? (
          <Suspense fallback={null}>
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
