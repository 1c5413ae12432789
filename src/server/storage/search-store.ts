import { and, arrayContains, eq, like, or, sql } from 'drizzle-orm'
import type { Executor } from './database'
import { containers, shipments, trackingRequests } from './schema'

const LIMIT = 25

/** Finds shipments, containers and tracking requests by the number a person typed. */
export const createSearchStore = (db: Executor) => ({
  async byNumber(accountId: string, query: string) {
    const q = query.trim().toUpperCase()
    const prefix = `${q.replaceAll(/[%_\\]/g, '')}%`
    const containerCount = sql<number>`(select count(*) from containers c where c.shipment_id = "shipments"."id")`
    const [shipmentRows, containerRows, requestRows] = await Promise.all([
      db
        .select({ shipment: shipments, containers_count: containerCount })
        .from(shipments)
        .where(
          and(
            eq(shipments.account_id, accountId),
            or(arrayContains(shipments.search_numbers, [q]), like(shipments.normalized_number, prefix)),
          ),
        )
        .limit(LIMIT),
      db
        .select()
        .from(containers)
        .where(and(eq(containers.account_id, accountId), like(containers.number, prefix)))
        .limit(LIMIT),
      db
        .select()
        .from(trackingRequests)
        .where(and(eq(trackingRequests.account_id, accountId), like(trackingRequests.request_number, prefix)))
        .limit(LIMIT),
    ])
    return { shipments: shipmentRows, containers: containerRows, trackingRequests: requestRows }
  },
})
