import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router-dom'
import { z } from 'zod/mini'
import { type InvitationPreview, personSession } from '../../api/person-session'
import { sessionQuery } from '../../api/session'
import { showServerProblems, useAppForm } from '../../components/form/app-form'
import {
  AGAIN_WORDS,
  PASSWORD_WORDS,
  passwordsMatch,
  passwordTwice,
} from '../../components/form/password-pair'
import { viewerZone } from '../../components/time/time-zone-setting'
import { zoneOptions } from '../../components/time/zone-options'

const AcceptFormSchema = z
  .object({
    first_name: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
    last_name: z.string().check(z.trim(), z.maxLength(100)),
    time_zone: z.string(),
    ...passwordTwice,
  })
  .check(passwordsMatch)

export function AcceptForm({ token, invitation }: { token: string; invitation: InvitationPreview }) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const form = useAppForm({
    defaultValues: {
      first_name: invitation.first_name ?? '',
      last_name: invitation.last_name ?? '',
      password: '',
      password_again: '',
      time_zone: viewerZone(),
    },
    validators: { onSubmit: AcceptFormSchema },
    onSubmit: async ({ value, formApi }) => {
      try {
        const session = await personSession.acceptInvitation(token, {
          first_name: value.first_name.trim(),
          last_name: value.last_name.trim() || undefined,
          password: value.password,
          time_zone: value.time_zone,
        })
        queryClient.setQueryData(sessionQuery.queryKey, session)
        navigate('/')
      } catch (error) {
        showServerProblems(formApi, error)
      }
    },
  })
  return (
    <form.AppForm>
      <form.Form>
        <form.AppField name="first_name">
          {(field) => (
            <field.TextField label="First name" autoComplete="given-name" words="Enter your first name" />
          )}
        </form.AppField>
        <form.AppField name="last_name">
          {(field) => <field.TextField label="Last name" autoComplete="family-name" />}
        </form.AppField>
        <form.AppField name="password">
          {(field) => (
            <field.TextField
              label="Password"
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
        <form.AppField name="time_zone">
          {(field) => <field.SelectField label="Time zone" options={zoneOptions()} />}
        </form.AppField>
        <form.FormFooter label="Join and sign in" busyLabel="Joining…" />
      </form.Form>
    </form.AppForm>
  )
}
