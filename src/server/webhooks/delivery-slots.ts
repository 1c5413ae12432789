import type { ClaimedDelivery } from '../storage/outbox-store'

/** So no endpoint holds more than `perWebhook` slots. */
export function createDeliverySlots(perWebhook: number) {
  const byWebhook = new Map<string, number>()
  let inFlight = 0
  let retries = 0
  return {
    get inFlight() {
      return inFlight
    },
    get retries() {
      return retries
    },
    busyWebhookIds: () => [...byWebhook].filter(([, n]) => n >= perWebhook).map(([id]) => id),
    load: (webhookId: string) => byWebhook.get(webhookId) ?? 0,
    take(delivery: ClaimedDelivery) {
      inFlight++
      if (delivery.notification.attempts > 0) retries++
      byWebhook.set(delivery.webhook.id, (byWebhook.get(delivery.webhook.id) ?? 0) + 1)
    },
    free(delivery: ClaimedDelivery) {
      inFlight--
      if (delivery.notification.attempts > 0) retries--
      const left = (byWebhook.get(delivery.webhook.id) ?? 1) - 1
      if (left === 0) byWebhook.delete(delivery.webhook.id)
      else byWebhook.set(delivery.webhook.id, left)
    },
  }
}
