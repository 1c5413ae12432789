import { type SQL, sql } from 'drizzle-orm'

// Each container's linkage `data` to its events as JSON text, in the order its events read
// (`inTimeOrder` in event-store.ts, raw events by index). Ids are uuids: nothing in them needs escaping.

/** Written out: drizzle leaves a column inside a subquery of the select list unqualified. */
export const transportLinkageOf = (containerId: SQL) =>
  sql<string>`coalesce((select '[' || string_agg('{"type":"transport_event","id":"' || t.id::text || '"}', ','
    order by t.timestamp, t.created_at, t.id) || ']' from transport_events t where t.container_id = ${containerId}), '[]')`

export const rawLinkageOf = (containerId: SQL) =>
  sql<string>`coalesce((select '[' || string_agg('{"type":"raw_event","id":"' || r.id::text || '"}', ','
    order by r.index) || ']' from raw_events r where r.container_id = ${containerId}), '[]')`
