import { useQueryClient } from '@tanstack/react-query'
import type { EmbedToken } from '../../../contract/embed-tokens'
import { showServerProblems, useAppForm } from '../../components/form/app-form'
import { showToast } from '../../components/toast/toasts'
import { EmbedFormSchema, embedFormValues, scopeFrom } from './embed-form-schema'
import { embedTokenApi, embedTokenQueries } from './embed-queries'

/** A bill of lading no shipment has is named on its field. */
export function useEmbedForm(onCreated: (token: EmbedToken) => void) {
  const queryClient = useQueryClient()
  return useAppForm({
    defaultValues: embedFormValues(),
    validators: { onSubmit: EmbedFormSchema },
    onSubmit: async ({ value, formApi }) => {
      try {
        const scope = await scopeFrom(value)
        if ('missing' in scope) {
          formApi.setFieldMeta('shipment_numbers', (meta) => ({
            ...meta,
            errorMap: {
              ...meta.errorMap,
              onServer: `No shipment has the bill of lading ${scope.missing.join(', ')}`,
            },
          }))
          return
        }
        const document = await embedTokenApi.create({
          data: {
            type: 'embed_token',
            attributes: {
              name: value.name.trim(),
              scope,
              fields: value.fields,
              allowed_origins: value.allowed_origins,
              expires_at: new Date(`${value.expires_on}T23:59:59Z`).toISOString(),
            },
          },
        })
        void queryClient.invalidateQueries({ queryKey: embedTokenQueries.all() })
        showToast({ tone: 'done', text: `Embed token “${value.name.trim()}” created.` })
        onCreated(document.data)
      } catch (error) {
        showServerProblems(formApi, error)
      }
    },
  })
}
