import { sql } from 'drizzle-orm'
import { iso } from './iso-time'
import { transportEvents } from './schema'
import { shownAttributes, timeJson } from './shown-attributes'

// spelled here so the store imports this file without a cycle
type TransportEvent = typeof transportEvents.$inferSelect

export const transportEventAttributes = shownAttributes<TransportEvent>({
  event: transportEvents.event,
  created_at: { time: transportEvents.created_at },
  voyage_number: transportEvents.voyage_number,
  timestamp: { time: transportEvents.timestamp },
  location_locode: transportEvents.location_locode,
  timezone: transportEvents.timezone,
  data_source: transportEvents.data_source,
  // a changed date carries its new value, as the real service's do
  value: {
    computed: (row) => (row.event.endsWith('.changed') ? iso(row.timestamp) : null),
    sql: sql`case when right(${transportEvents.event}, 8) = '.changed' then ${timeJson(transportEvents.timestamp)} end`,
  },
  invalidated_at: { time: transportEvents.invalidated_at },
})
