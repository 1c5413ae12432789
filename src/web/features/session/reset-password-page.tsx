import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router-dom'
import { z } from 'zod/mini'
import { personSession } from '../../api/person-session'
import { sessionQuery } from '../../api/session'
import { showServerProblems, useAppForm } from '../../components/form/app-form'
import { NewPasswordFields } from '../../components/form/new-password-fields'
import { passwordsMatch, passwordTwice } from '../../components/form/password-pair'
import { LinkPage } from './link-page'

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
        <NewPasswordFields
          form={form}
          fields={{ password: 'password', password_again: 'password_again' }}
          label="New password"
          againLabel="Password again"
        />
        <form.FormFooter label="Set password and sign in" busyLabel="Saving…" />
      </form.Form>
    </form.AppForm>
  )
}

/** Every other session of the person ends when the new password is set. */
export function ResetPasswordPage() {
  return (
    <LinkPage kind="reset" read={personSession.passwordReset}>
      {(reset, token) => (
        <>
          <p>
            For <strong>{reset.email}</strong>. Every other place you are signed in is signed out.
          </p>
          <ResetForm token={token} />
        </>
      )}
    </LinkPage>
  )
}
