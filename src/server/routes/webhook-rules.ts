import { randomBytes } from 'node:crypto'
import { requireUuid } from '../http/params'
import { notFound, problem } from '../http/problem'
import type { Storage } from '../storage/storage'

export const newWebhookSecret = () => randomBytes(24).toString('hex')

export async function findWebhook(storage: Storage, accountId: string, id: string) {
  const [webhook] = await storage.webhooks.byIds(accountId, [requireUuid(id, 'webhook')])
  if (!webhook) throw notFound('webhook', id)
  return webhook
}

/** Redelivering to a webhook that is off would only record another failure. */
export function refuseInactive(webhook: { active: boolean }) {
  if (!webhook.active)
    throw problem(409, {
      detail: 'This webhook is turned off; turn it on before sending notifications again',
      code: 'webhook_inactive',
    })
}
