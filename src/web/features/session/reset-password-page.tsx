import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate, useParams } from 'react-router-dom'
import { z } from 'zod/mini'
import { personSession } from '../../api/person-session'
import { sessionQuery } from '../../api/session'
import { showServerProblems, useAppForm } from '../../components/form/app-form'
import {
  AGAIN_WORDS,
  PASSWORD_WORDS,
  passwordsMatch,
  passwordTwice,
} from '../../components/form/password-pair'
import { linkProblem } from './link-words'

const ResetFormSchema = z.object(passwordTwice).check(passwordsMatch)

function ResetForm({ token }: { token: string }) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const form = useAppForm({
    defaultValues: { password: '', password_again: '' },
    validators: { onSubmit: ResetFormSchema },
    onSubmit: async ({ value, formApi }) => {
      try {
        queryClient.setQueryData(
          sessionQuery.queryKey,
          await personSession.resetPassword(token, value.password),
        )
        navigate('/')
      } catch (error) {
        showServerProblems(formApi, error)
      }
    },
  })
  return (
    <form.AppForm>
      <form.Form>
        <form.AppField name="password">
          {(field) => (
            <field.TextField
              label="New password"
              type="password"
              autoComplete="new-password"
              words={PASSWORD_WORDS}
            />
          )}
        </form.AppField>
        <form.AppField name="password_again">
          {(field) => (
            <field.TextField
              label="Password again"
              type="password"
              autoComplete="new-password"
              words={AGAIN_WORDS}
            />
          )}
        </form.AppField>
        <form.FormFooter label="Set password and sign in" busyLabel="Saving…" />
      </form.Form>
    </form.AppForm>
  )
}

/** Every other session of the person ends when the new password is set. */
export function ResetPasswordPage() {
  const { token = '' } = useParams()
  const reset = useQuery({
    queryKey: ['password-reset', token],
    queryFn: () => personSession.passwordReset(token),
    retry: false,
  })
  const problem = linkProblem(reset.error, 'reset')
  if (reset.error && !problem) throw reset.error
  return (
    <main id="main" className="sign-in">
      <h1>Choose a new password</h1>
      {problem ? (
        <>
          <p className="error-panel" role="alert">
            {problem}
          </p>
          <p>
            <Link to="/sign-in">Go to sign-in</Link>
          </p>
        </>
      ) : reset.data ? (
        <>
          <p>
            For <strong>{reset.data.email}</strong>. Every other place you are signed in is signed out.
          </p>
          <ResetForm token={token} />
        </>
      ) : (
        <p aria-busy="true">Reading the link…</p>
      )}
    </main>
  )
}
