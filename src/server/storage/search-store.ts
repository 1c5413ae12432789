import { and, arrayContains, desc, eq, getTableColumns, like, or, sql } from 'drizzle-orm'
import type { Executor } from './database'
import { escapeLike } from './like-pattern'
import { containers, parties, shipments, trackingRequests } from './schema'
import { customersNamedIn, numbersText, partsOf, shipmentPartMatch } from './search-by-part'
import { shipmentColumns } from './shipment-store'

const LIMIT = 25

export type PartMatch = { on: 'number' | 'customer' | 'vessel'; text: string }

const ofParty = (partyId: string | undefined) => (partyId ? eq(shipments.customer_id, partyId) : undefined)

const containerCount = sql<number>`(select count(*) from containers c where c.shipment_id = "shipments"."id")`

const ranked = <T>(rows: T[], exact: (row: T) => boolean, idOf: (row: T) => string, byPart: T[] = []) => {
  const seen = new Set(rows.map(idOf))
  const parts = byPart.filter((row) => !seen.has(idOf(row)))
  return [...rows.filter(exact), ...rows.filter((row) => !exact(row)), ...parts].slice(0, LIMIT)
}

/** The fallback when no number is whole. */
async function findByPart(db: Executor, accountId: string, query: string, partyId?: string) {
  const customerIds = await customersNamedIn(db, accountId, query)
  const shipmentMatch = shipmentPartMatch(query, customerIds)
  const { number } = partsOf(query)
  const [shipmentRows, containerRows] = await Promise.all([
    shipmentMatch
      ? db
          .select({
            shipment: shipmentColumns,
            containers_count: containerCount,
            customer_name: parties.company_name,
            numbers_hold: sql<boolean>`${numbersText} like ${number ?? ''}`,
          })
          .from(shipments)
          .leftJoin(parties, eq(parties.id, shipments.customer_id))
          .where(and(eq(shipments.account_id, accountId), ofParty(partyId), shipmentMatch))
          // by an expression, so that PostgreSQL reads the search's indexes, not the account in date order
          .orderBy(desc(sql`${shipments.created_at} + interval '0 seconds'`), desc(shipments.id))
          .limit(LIMIT)
      : [],
    number
      ? db
          .select({ ...getTableColumns(containers), scac: shipments.shipping_line_scac })
          .from(containers)
          .leftJoin(shipments, eq(shipments.id, containers.shipment_id))
          .where(and(eq(containers.account_id, accountId), ofParty(partyId), like(containers.number, number)))
          .orderBy(desc(containers.created_at), desc(containers.id))
          .limit(LIMIT)
      : [],
  ])
  const shipmentHits = shipmentRows.map(({ customer_name, numbers_hold, ...row }) => {
    const matched: PartMatch = numbers_hold
      ? { on: 'number', text: query.trim().toUpperCase() }
      : customerIds.includes(row.shipment.customer_id ?? '')
        ? { on: 'customer', text: customer_name ?? '' }
        : { on: 'vessel', text: row.shipment.pod_vessel_name ?? '' }
    return { ...row, matched: matched as PartMatch | undefined }
  })
  return { shipments: shipmentHits, containers: containerRows }
}

/** Exact, then prefix, each newest first; by part only when nothing matches a number whole. */
export const createSearchStore = (db: Executor) => ({
  /** `partyId` (the customer role): only that party's shipments and containers, and no tracking requests. */
  async byNumber(accountId: string, query: string, partyId?: string) {
    const q = query.trim().toUpperCase()
    const prefix = `${escapeLike(q)}%`
    const [shipmentRows, containerRows, requestRows] = await Promise.all([
      db
        .select({ shipment: shipmentColumns, containers_count: containerCount })
        .from(shipments)
        .where(
          and(
            eq(shipments.account_id, accountId),
            ofParty(partyId),
            or(arrayContains(shipments.search_numbers, [q]), like(shipments.normalized_number, prefix)),
          ),
        )
        .orderBy(desc(shipments.created_at), desc(shipments.id))
        .limit(LIMIT),
      db
        .select({ ...getTableColumns(containers), scac: shipments.shipping_line_scac })
        .from(containers)
        .leftJoin(shipments, eq(shipments.id, containers.shipment_id))
        .where(and(eq(containers.account_id, accountId), ofParty(partyId), like(containers.number, prefix)))
        .orderBy(desc(containers.created_at), desc(containers.id))
        .limit(LIMIT),
      partyId
        ? []
        : db
            .select()
            .from(trackingRequests)
            .where(
              and(eq(trackingRequests.account_id, accountId), like(trackingRequests.request_number, prefix)),
            )
            .orderBy(desc(trackingRequests.created_at), desc(trackingRequests.id))
            .limit(LIMIT),
    ])
    const exactShipment = (row: { shipment: { search_numbers: string[] } }) =>
      row.shipment.search_numbers.includes(q)
    const exactContainer = (row: { number: string }) => row.number === q
    const exactRequest = (row: { request_number: string }) => row.request_number.toUpperCase() === q
    const whole =
      shipmentRows.some(exactShipment) || containerRows.some(exactContainer) || requestRows.some(exactRequest)
    const parts = whole ? { shipments: [], containers: [] } : await findByPart(db, accountId, query, partyId)
    return {
      shipments: ranked<{
        shipment: (typeof shipmentRows)[number]['shipment']
        containers_count: number
        matched?: PartMatch
      }>(shipmentRows, exactShipment, (row) => row.shipment.id, parts.shipments),
      containers: ranked(containerRows, exactContainer, (row) => row.id, parts.containers),
      trackingRequests: ranked(requestRows, exactRequest, (row) => row.id),
    }
  },
})
