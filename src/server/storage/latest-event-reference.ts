import { and, desc, eq } from 'drizzle-orm'
import type { Executor } from './database'
import { alerts, changeEvents, trackingRequests, transportEvents } from './schema'

export async function latestReferenceFor(db: Executor, accountId: string, event: string) {
  if (event === 'alert.fired') {
    const [alert] = await db
      .select({ id: alerts.id })
      .from(alerts)
      .where(eq(alerts.account_id, accountId))
      .orderBy(desc(alerts.fired_at))
      .limit(1)
    return alert && { type: 'alert', id: alert.id }
  }
  if (event.startsWith('tracking_request.')) {
    const [request] = await db
      .select({ id: trackingRequests.id })
      .from(trackingRequests)
      .where(eq(trackingRequests.account_id, accountId))
      .orderBy(desc(trackingRequests.created_at))
      .limit(1)
    return request && { type: 'tracking_request', id: request.id }
  }
  const [change] = await db
    .select({ id: changeEvents.id, type: changeEvents.type })
    .from(changeEvents)
    .where(and(eq(changeEvents.account_id, accountId), eq(changeEvents.event, event)))
    .orderBy(desc(changeEvents.created_at))
    .limit(1)
  if (change) return change
  const [transport] = await db
    .select({ id: transportEvents.id })
    .from(transportEvents)
    .where(and(eq(transportEvents.account_id, accountId), eq(transportEvents.event, event)))
    .orderBy(desc(transportEvents.created_at))
    .limit(1)
  const [any] = transport
    ? [transport]
    : await db
        .select({ id: transportEvents.id })
        .from(transportEvents)
        .where(eq(transportEvents.account_id, accountId))
        .orderBy(desc(transportEvents.created_at))
        .limit(1)
  return any && { type: 'transport_event', id: any.id }
}
