import { useQueryClient } from '@tanstack/react-query'
import type { WebhookEventKind } from '../../../contract/event-kinds'
import type { Webhook } from '../../../contract/webhooks'
import { showServerProblems, useAppForm } from '../../components/form/app-form'
import { webhookApi, webhookQueries } from './webhook-queries'

export type WebhookFormValues = {
  url: string
  active: boolean
  events: WebhookEventKind[]
  headers: { name: string; value: string }[]
}

export const webhookFormValues = (webhook?: Webhook): WebhookFormValues => ({
  url: webhook?.attributes.url ?? '',
  active: webhook?.attributes.active ?? true,
  events: (webhook?.attributes.events ?? []) as WebhookEventKind[],
  headers: (webhook?.attributes.headers ?? []).map((h) => ({ name: h.name, value: h.value })),
})

/** Blank header rows are dropped; a 422 lands on its fields. */
export function useWebhookForm(
  webhook: Webhook | undefined,
  onSaved: (saved: Webhook, created: boolean) => void,
) {
  const queryClient = useQueryClient()
  return useAppForm({
    defaultValues: webhookFormValues(webhook),
    onSubmit: async ({ value, formApi }) => {
      const attributes = {
        ...value,
        url: value.url.trim(),
        headers: value.headers.filter((h) => h.name.trim() || h.value.trim()),
      }
      try {
        const document = webhook
          ? await webhookApi.update(webhook.id, { data: { type: 'webhook', id: webhook.id, attributes } })
          : await webhookApi.create({ data: { type: 'webhook', attributes } })
        void queryClient.invalidateQueries({ queryKey: webhookQueries.all() })
        onSaved(document.data, !webhook)
      } catch (error) {
        showServerProblems(formApi, error)
      }
    },
  })
}
