import { useQueryClient } from '@tanstack/react-query'
import { z } from 'zod/mini'
import type { User } from '../../../contract/people'
import { sessionQuery } from '../../api/session'
import { showServerProblems, useAppForm } from '../../components/form/app-form'
import { NameFields, personNames } from '../../components/form/name-fields'
import { viewerZone } from '../../components/time/time-zone-setting'
import { zoneOptions } from '../../components/time/zone-options'
import { showToast } from '../../components/toast/toasts'
import { profileApi, profileQueries } from './profile-queries'

const NameFormSchema = z.object({
  ...personNames,
  time_zone: z.string(),
})

export function NameForm({ user, unavailable }: { user: User; unavailable?: string }) {
  const queryClient = useQueryClient()
  const zone = user.attributes.time_zone ?? viewerZone()
  const form = useAppForm({
    defaultValues: {
      first_name: user.attributes.first_name ?? '',
      last_name: user.attributes.last_name ?? '',
      time_zone: zone,
    },
    validators: { onSubmit: NameFormSchema },
    onSubmit: async ({ value, formApi }) => {
      try {
        await profileApi.update({
          first_name: value.first_name.trim(),
          last_name: value.last_name.trim() || null,
          time_zone: value.time_zone,
        })
        showToast({ tone: 'done', text: 'Your name and time zone are saved.' })
        await queryClient.invalidateQueries({ queryKey: profileQueries.all() })
        await queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey })
      } catch (error) {
        showServerProblems(formApi, error)
      }
    },
  })
  return (
    <form.AppForm>
      <form.Form>
        <NameFields form={form} fields={{ first_name: 'first_name', last_name: 'last_name' }} />
        <form.AppField name="time_zone">
          {(field) => <field.SelectField label="Time zone" options={zoneOptions(zone)} />}
        </form.AppField>
        <form.FormFooter label="Save" busyLabel="Saving…" unavailable={unavailable} />
      </form.Form>
    </form.AppForm>
  )
}
