import { withFieldGroup } from './app-form'
import { AGAIN_WORDS, PASSWORD_WORDS } from './password-pair'

/** A new password and the same again, on any form whose values hold `passwordTwice`. */
export const NewPasswordFields = withFieldGroup({
  defaultValues: { password: '', password_again: '' },
  props: { label: 'New password', againLabel: 'Password again' },
  render: function NewPasswordFields({ group, label, againLabel }) {
    return (
      <>
        <group.AppField name="password">
          {(field) => (
            <field.TextField
              label={label}
              type="password"
              autoComplete="new-password"
              words={PASSWORD_WORDS}
            />
          )}
        </group.AppField>
        <group.AppField name="password_again">
          {(field) => (
            <field.TextField
              label={againLabel}
              type="password"
              autoComplete="new-password"
              words={AGAIN_WORDS}
            />
          )}
        </group.AppField>
      </>
    )
  },
})
