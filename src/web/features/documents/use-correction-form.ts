import { useQueryClient } from '@tanstack/react-query'
import { showServerProblems, useAppForm } from '../../components/form/app-form'
import { showToast } from '../../components/toast/toasts'
import { documentApi, documentQueries } from './document-queries'
import {
  CorrectionFormSchema,
  type CorrectionValues,
  correctionsToSend,
  formValues,
  type Payload,
} from './payload-fields'

export function useCorrectionForm(
  documentId: string,
  payload: Payload | undefined,
  manualType: string | null | undefined,
) {
  const queryClient = useQueryClient()
  const corrected = payload?.corrected_fields ?? []
  const defaults = formValues(payload, manualType)
  const form = useAppForm({
    defaultValues: defaults,
    validators: { onSubmit: CorrectionFormSchema },
    onSubmit: async ({ value, formApi }) => {
      const corrections = correctionsToSend(defaults, value as CorrectionValues, corrected)
      const typeChanged = value.document_type_manual !== defaults.document_type_manual
      if (Object.keys(corrections).length === 0 && !typeChanged) {
        showToast({ tone: 'done', text: 'Nothing changed.' })
        return
      }
      try {
        await documentApi.patch(documentId, {
          data: {
            type: 'document',
            id: documentId,
            attributes: {
              ...(Object.keys(corrections).length > 0 ? { corrections } : {}),
              ...(typeChanged ? { document_type_manual: value.document_type_manual || null } : {}),
            },
          },
        })
        await queryClient.invalidateQueries({ queryKey: documentQueries.detail(documentId).queryKey })
        void queryClient.invalidateQueries({ queryKey: [...documentQueries.all(), 'linked'] })
        showToast({ tone: 'done', text: 'Corrections saved. They are kept when the document is read again.' })
      } catch (error) {
        showServerProblems(formApi, error)
      }
    },
  })
  return { form, defaults }
}
