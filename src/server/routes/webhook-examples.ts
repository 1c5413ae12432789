import type { WEBHOOK_EVENT_KINDS } from '../../contract/event-kinds'
import type { Clock } from '../clock'
import type { Storage } from '../storage/storage'
import { notificationBody, webhookNotificationDocument } from '../webhooks/notify'

type Reference = { type: string; id: string }

export async function webhookExamples(
  storage: Storage,
  clock: Clock,
  accountId: string,
  events: readonly (typeof WEBHOOK_EVENT_KINDS)[number][],
) {
  const data: unknown[] = []
  const included = new Map<string, unknown>()
  const unavailable: string[] = []
  // kinds the account has not seen share one record, rendered once
  const bodies = new Map<string, ReturnType<typeof notificationBody>>()
  const bodyOf = (reference: Reference) => {
    const key = `${reference.type}:${reference.id}`
    if (!bodies.has(key)) bodies.set(key, notificationBody(storage, accountId, reference))
    return bodies.get(key)
  }
  for (const event of events) {
    const reference = await storage.events.latestReferenceFor(accountId, event)
    const body = reference && (await bodyOf(reference))
    if (!reference || !body) {
      unavailable.push(event)
      continue
    }
    const id = crypto.randomUUID()
    const example = webhookNotificationDocument(
      { id, event, webhookId: id, createdAt: clock.now() },
      reference,
      body,
    )
    data.push(example.data)
    for (const resource of body as Reference[]) included.set(`${resource.type}:${resource.id}`, resource)
  }
  return { data, included: [...included.values()], unavailable }
}
