import { useQueryClient } from '@tanstack/react-query'
import { Suspense } from 'react'
import { useNavigate } from 'react-router-dom'
import { z } from 'zod/mini'
import type { Session } from '../../../contract/session'
import { type InvitationPreview, personSession } from '../../api/person-session'
import { sessionQuery } from '../../api/session'
import { showServerProblems, useAppForm } from '../../components/form/app-form'
import { NameFields, personNames } from '../../components/form/name-fields'
import { NewPasswordFields } from '../../components/form/new-password-fields'
import { passwordsMatch, passwordTwice } from '../../components/form/password-pair'
import { useFeatureSlot } from '../../components/layout/feature-slots'
import { viewerZone } from '../../components/time/time-zone-setting'
import { zoneOptions } from '../../components/time/zone-options'

const AcceptFormSchema = z
  .object({
    ...personNames,
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
        joined(session)
      } catch (error) {
        showServerProblems(formApi, error)
      }
    },
  })
  const joined = (session: Session) => {
    queryClient.setQueryData(sessionQuery.queryKey, session)
    navigate('/')
  }
  return (
    <form.AppForm>
      <form.Form>
        <NameFields form={form} fields={{ first_name: 'first_name', last_name: 'last_name' }} />
        <NewPasswordFields
          form={form}
          fields={{ password: 'password', password_again: 'password_again' }}
          label="Password"
          againLabel="Password again"
        />
        <form.AppField name="time_zone">
          {(field) => <field.SelectField label="Time zone" options={zoneOptions()} />}
        </form.AppField>
        <form.FormFooter label="Join and sign in" busyLabel="Joining…" />
      </form.Form>
      <PasskeyInstead token={token} names={() => form.state.values} onJoined={joined} />
    </form.AppForm>
  )
}

type Names = { first_name: string; last_name: string; time_zone: string }

/** The server takes a missing password: the passkeys feature registers a passkey right after. */
function PasskeyInstead(props: { token: string; names: () => Names; onJoined: (session: Session) => void }) {
  const PasskeyJoin = useFeatureSlot('PasskeyJoin')
  if (!PasskeyJoin) return null
  const join = () => {
    const { first_name, last_name, time_zone } = props.names()
    if (!first_name.trim()) return Promise.reject(new Error('Enter your first name first.'))
    return personSession.acceptInvitation(props.token, {
      first_name: first_name.trim(),
      last_name: last_name.trim() || undefined,
      time_zone,
    })
  }
  return (
    <Suspense fallback={null}>
      <PasskeyJoin join={join} onJoined={props.onJoined} />
    </Suspense>
  )
}
