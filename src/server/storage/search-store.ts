import { and, arrayContains, desc, eq, getTableColumns, like, or, sql } from 'drizzle-orm'
import type { Executor } from './database'
import { escapeLike } from './like-pattern'
import { containers, shipments, trackingRequests } from './schema'
import { shipmentColumns } from './shipment-store'

const LIMIT = 25

/** Finds shipments, containers and tracking requests by the number a person typed, each newest first. */
export const createSearchStore = (db: Executor) => ({
  async byNumber(accountId: string, query: string) {
    const q = query.trim().toUpperCase()
    const prefix = `${escapeLike(q)}%`
    const containerCount = sql<number>`(select count(*) from containers c where c.shipment_id = "shipments"."id")`
    const [shipmentRows, containerRows, requestRows] = await Promise.all([
      db
        .select({ shipment: shipmentColumns, containers_count: containerCount })
        .from(shipments)
        .where(
          and(
            eq(shipments.account_id, accountId),
            or(arrayContains(shipments.search_numbers, [q]), like(shipments.normalized_number, prefix)),
          ),
        )
        .orderBy(desc(shipments.created_at), desc(shipments.id))
        .limit(LIMIT),
      db
        .select({ ...getTableColumns(containers), scac: shipments.shipping_line_scac })
        .from(containers)
        .leftJoin(shipments, eq(shipments.id, containers.shipment_id))
        .where(and(eq(containers.account_id, accountId), like(containers.number, prefix)))
        .orderBy(desc(containers.created_at), desc(containers.id))
        .limit(LIMIT),
      db
        .select()
        .from(trackingRequests)
        .where(and(eq(trackingRequests.account_id, accountId), like(trackingRequests.request_number, prefix)))
        .orderBy(desc(trackingRequests.created_at), desc(trackingRequests.id))
        .limit(LIMIT),
    ])
    return { shipments: shipmentRows, containers: containerRows, trackingRequests: requestRows }
  },
})
