import { type Session, SignInSchema } from '../../../contract/session'
import { sessionClient } from '../../api/session'
import { showFormProblem, showServerProblems, useAppForm } from '../../components/form/app-form'
import { signInProblem } from './sign-in-words'

export function KeySignIn({ onSignedIn }: { onSignedIn: (session: Session) => void }) {
  const form = useAppForm({
    defaultValues: { apiKey: '' },
    validators: { onSubmit: SignInSchema },
    onSubmit: async ({ value, formApi }) => {
      try {
        onSignedIn(await sessionClient.signIn(value.apiKey))
      } catch (error) {
        const words = signInProblem(error, 'key')
        if (words) showFormProblem(formApi, words)
        else showServerProblems(formApi, error)
      }
    },
  })
  return (
    <form.AppForm>
      <form.Form>
        <form.AppField name="apiKey">
          {(field) => (
            <field.TextField
              label="API key"
              type="password"
              autoComplete="off"
              words="Enter your API key: it is at least 8 characters long"
            />
          )}
        </form.AppField>
        <form.FormFooter label="Sign in" busyLabel="Signing in…" />
      </form.Form>
    </form.AppForm>
  )
}
