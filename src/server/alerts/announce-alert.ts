import type { Stores } from '../storage/storage'
import { notify } from '../webhooks/notify'
import type { AlertHooks } from './evaluate-alerts'

/** `alert.fired` into the account's webhook outbox, in the firing's own transaction. */
export const announcingAlerts = (newId: () => string): AlertHooks => ({
  announce: (stores: Stores, accountId: string, alertId: string, now: Date) =>
    notify(
      stores,
      accountId,
      now,
      [{ event: 'alert.fired', reference: { type: 'alert', id: alertId } }],
      newId,
    ),
})
