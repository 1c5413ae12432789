import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { Executor } from './database'
import { rawLinkageOf, transportLinkageOf } from './event-linkage'
import { latestReferenceFor } from './latest-event-reference'
import { inUuids, preparedPer, preparedSql } from './prepared'
import { changeEvents, containers, rawEvents, transportEvents } from './schema'
import { transportEventAttributes } from './transport-event-attributes'

export type TransportEvent = typeof transportEvents.$inferSelect
const shownTransportColumns = {
  id: transportEvents.id,
  shipment_id: transportEvents.shipment_id,
  container_id: transportEvents.container_id,
  vessel_id: transportEvents.vessel_id,
  location_id: transportEvents.location_id,
  terminal_id: transportEvents.terminal_id,
  attributes_json: transportEventAttributes.json,
}
export type ShownTransportEvent = Pick<
  TransportEvent,
  Exclude<keyof typeof shownTransportColumns, 'attributes_json'>
> & { attributes_json: string }
export type RawEvent = typeof rawEvents.$inferSelect
export type ChangeEvent = typeof changeEvents.$inferSelect

const ofContainers = and(
  eq(transportEvents.account_id, sql.placeholder('account')),
  inUuids(transportEvents.container_id, 'ids'),
)
// one value, not a list of unknown length: PostgreSQL keeps a generic plan for it
const ofContainer = and(
  eq(transportEvents.account_id, sql.placeholder('account')),
  eq(transportEvents.container_id, sql.placeholder('id')),
)
// the id last: events of one moment came out in a different order from two queries of the same rows
const inTimeOrder = [asc(transportEvents.timestamp), asc(transportEvents.created_at), asc(transportEvents.id)]

/** Both linkages of containers read without them, each as the JSON:API linkage `data` text. */
const eventLinkageStatement = preparedSql<{ container_id: string; transport: string; raw: string }>(
  'event_linkage_by_container_ids',
  sql`select ${containers.id} as container_id, ${transportLinkageOf(sql.raw('containers.id'))} as transport,
      ${rawLinkageOf(sql.raw('containers.id'))} as raw
    from ${containers}
    where ${containers.account_id} = ${sql.placeholder('account')} and ${inUuids(containers.id, 'ids')}`,
)

const statementsOf = preparedPer((db) => ({
  transport: db
    .select()
    .from(transportEvents)
    .where(ofContainers)
    .orderBy(...inTimeOrder)
    .prepare('transport_events_by_container_ids'),
  shownTransport: db
    .select(shownTransportColumns)
    .from(transportEvents)
    .where(ofContainers)
    .orderBy(...inTimeOrder)
    .prepare('transport_events_by_container_ids_shown'),
  shownTransportOfOne: db
    .select(shownTransportColumns)
    .from(transportEvents)
    .where(ofContainer)
    .orderBy(...inTimeOrder)
    .prepare('transport_events_by_container_id_shown'),
}))

export const createEventStore = (db: Executor) => ({
  transportByContainerIds: (accountId: string, containerIds: string[]) =>
    containerIds.length === 0
      ? Promise.resolve([])
      : statementsOf(db).transport.execute({ account: accountId, ids: containerIds }),

  shownTransportByContainerIds: (accountId: string, containerIds: string[]) =>
    containerIds.length === 0
      ? Promise.resolve([])
      : containerIds.length === 1
        ? statementsOf(db).shownTransportOfOne.execute({ account: accountId, id: containerIds[0] })
        : statementsOf(db).shownTransport.execute({ account: accountId, ids: containerIds }),

  transportByIds: (accountId: string, ids: string[]) =>
    ids.length === 0
      ? Promise.resolve([])
      : db
          .select()
          .from(transportEvents)
          .where(and(eq(transportEvents.account_id, accountId), inArray(transportEvents.id, ids))),

  /** Each container's linkage to its transport events and its raw events, as JSON text, by container. */
  async eventLinkageByContainerIds(accountId: string, containerIds: string[]) {
    const transport = new Map<string, string>()
    const raw = new Map<string, string>()
    if (containerIds.length === 0) return { transport, raw }
    for (const row of await eventLinkageStatement(db, { account: accountId, ids: containerIds })) {
      transport.set(row.container_id, row.transport)
      raw.set(row.container_id, row.raw)
    }
    return { transport, raw }
  },

  rawByContainerIds: (accountId: string, containerIds: string[]) =>
    containerIds.length === 0
      ? Promise.resolve([])
      : db
          .select()
          .from(rawEvents)
          .where(and(eq(rawEvents.account_id, accountId), inArray(rawEvents.container_id, containerIds)))
          .orderBy(asc(rawEvents.index)),

  changeByIds: (accountId: string, type: string, ids: string[]) =>
    ids.length === 0
      ? Promise.resolve([])
      : db
          .select()
          .from(changeEvents)
          .where(
            and(
              eq(changeEvents.account_id, accountId),
              eq(changeEvents.type, type),
              inArray(changeEvents.id, ids),
            ),
          ),

  latestReferenceFor: (accountId: string, event: string) => latestReferenceFor(db, accountId, event),
})
