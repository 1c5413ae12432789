import { withFieldGroup } from './app-form'
import { AGAIN_WORDS, PASSWORD_WORDS } from './password-pair'

/** A new password and the same again, on any form whose values hold `passwordTwice`. */
export const NewPasswordFields = withFieldGroup({
  defaultValues: { password: '', password_again: '' },
  props: { label: 'New password', againLabel: 'Password again' },
  render: function NewPasswordFields({ group, label, againLabel }) {
    const fields = [
      { name: 'password', label, words: PASSWORD_WORDS },
      { name: 'password_again', label: againLabel, words: AGAIN_WORDS },
    ] as const
    return fields.map(({ name, ...text }) => (
      <group.AppField key={name} name={name}>
        {(field) => <field.TextField {...text} type="password" autoComplete="new-password" />}
      </group.AppField>
    ))
  },
})
