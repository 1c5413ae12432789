import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router-dom'
import { SignInSchema } from '../../../contract/session'
import { sessionClient, sessionQuery } from '../../api/session'
import { showServerProblems, useAppForm } from '../../components/form/app-form'

export function SignInPage() {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const form = useAppForm({
    defaultValues: { apiKey: '' },
    validators: { onSubmit: SignInSchema },
    onSubmit: async ({ value, formApi }) => {
      try {
        const session = await sessionClient.signIn(value.apiKey)
        queryClient.setQueryData(sessionQuery.queryKey, session)
        navigate('/')
      } catch (error) {
        showServerProblems(formApi, error)
      }
    },
  })
  return (
    <main id="main" className="sign-in">
      <h1>Sign in to Quayside</h1>
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
      <p className="muted">Your key stays on the server; the browser keeps only a session cookie.</p>
    </main>
  )
}
