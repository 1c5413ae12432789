import { z } from 'zod/mini'
import { withFieldGroup } from './app-form'

/** A first name is needed, a last name may be left blank. */
export const personNames = {
  first_name: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
  last_name: z.string().check(z.trim(), z.maxLength(100)),
}

/** A person's first and last name, on any form whose values hold `personNames`. */
export const NameFields = withFieldGroup({
  defaultValues: { first_name: '', last_name: '' },
  render: function NameFields({ group }) {
    return (
      <>
        <group.AppField name="first_name">
          {(field) => (
            <field.TextField label="First name" autoComplete="given-name" words="Enter your first name" />
          )}
        </group.AppField>
        <group.AppField name="last_name">
          {(field) => <field.TextField label="Last name" autoComplete="family-name" />}
        </group.AppField>
      </>
    )
  },
})
