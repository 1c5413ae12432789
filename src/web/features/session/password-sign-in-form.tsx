import { z } from 'zod/mini'
import type { Session } from '../../../contract/session'
import { personSession } from '../../api/person-session'
import { showFormProblem, showServerProblems, useAppForm } from '../../components/form/app-form'
import { signInProblem } from './sign-in-words'

// the contract's email check lowercases; here only its shape is checked, the server judges the rest
const PasswordSignInForm = z.object({
  email: z.string().check(z.trim(), z.email()),
  password: z.string().check(z.minLength(1), z.maxLength(256)),
})

export function PasswordSignIn({ onSignedIn }: { onSignedIn: (session: Session) => void }) {
  const form = useAppForm({
    defaultValues: { email: '', password: '' },
    validators: { onSubmit: PasswordSignInForm },
    onSubmit: async ({ value, formApi }) => {
      try {
        onSignedIn(await personSession.signIn(value.email.trim().toLowerCase(), value.password))
      } catch (error) {
        const words = signInProblem(error, 'password')
        if (words) showFormProblem(formApi, words)
        else showServerProblems(formApi, error)
      }
    },
  })
  return (
    <form.AppForm>
      <form.Form>
        <form.AppField name="email">
          {(field) => (
            <field.TextField
              label="Email"
              type="email"
              autoComplete="username"
              words="Enter the email address you were invited with"
            />
          )}
        </form.AppField>
        <form.AppField name="password">
          {(field) => (
            <field.TextField
              label="Password"
              type="password"
              autoComplete="current-password"
              words="Enter your password"
            />
          )}
        </form.AppField>
        <form.FormFooter label="Sign in" busyLabel="Signing in…" />
      </form.Form>
    </form.AppForm>
  )
}
