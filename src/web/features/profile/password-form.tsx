import { z } from 'zod/mini'
import { personSession } from '../../api/person-session'
import { showServerProblems, useAppForm } from '../../components/form/app-form'
import { NewPasswordFields } from '../../components/form/new-password-fields'
import { passwordsMatch, passwordTwice } from '../../components/form/password-pair'
import { showToast } from '../../components/toast/toasts'

const PasswordFormSchema = z.object({ current_password: z.string(), ...passwordTwice }).check(passwordsMatch)

/** Someone who joined with a passkey has no current password to give. */
export function PasswordForm({ hasPassword, unavailable }: { hasPassword: boolean; unavailable?: string }) {
  const form = useAppForm({
    defaultValues: { current_password: '', password: '', password_again: '' },
    validators: { onSubmit: PasswordFormSchema },
    onSubmit: async ({ value, formApi }) => {
      try {
        await personSession.changePassword({
          ...(hasPassword ? { current_password: value.current_password } : {}),
          new_password: value.password,
        })
        formApi.reset()
        showToast({ tone: 'done', text: 'Password changed; your other sessions are signed out.' })
      } catch (error) {
        showServerProblems(formApi, error)
      }
    },
  })
  return (
    <form.AppForm>
      <form.Form>
        {hasPassword ? (
          <form.AppField name="current_password">
            {(field) => (
              <field.TextField label="Current password" type="password" autoComplete="current-password" />
            )}
          </form.AppField>
        ) : null}
        <NewPasswordFields
          form={form}
          fields={{ password: 'password', password_again: 'password_again' }}
          label="New password"
          againLabel="New password again"
        />
        <form.FormFooter
          label={hasPassword ? 'Change password' : 'Set password'}
          busyLabel="Saving…"
          unavailable={unavailable}
        />
      </form.Form>
    </form.AppForm>
  )
}
