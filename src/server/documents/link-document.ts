import { RepresentationPayloadSchema } from '../../contract/document-types'
import type { Stores } from '../storage/storage'

/** The bill of lading and container numbers a payload names, whatever version wrote it. */
export function numbersIn(payload: unknown) {
  const read = RepresentationPayloadSchema.safeParse(payload)
  if (!read.success) return undefined
  const bills = [read.data.bill_of_lading_number, ...(read.data.bill_of_lading_numbers ?? [])]
  return {
    billsOfLading: [...new Set(bills.filter((b): b is string => typeof b === 'string' && b.length > 0))],
    containers: [...new Set(read.data.container_numbers ?? [])],
  }
}

/** Links a document to the account's shipments and containers whose numbers it names, and to nothing else. */
export async function linkDocument(stores: Stores, accountId: string, documentId: string, payload: unknown) {
  const numbers = numbersIn(payload) ?? { billsOfLading: [], containers: [] }
  const [shipments, containers] = await Promise.all([
    stores.shipments.byBillsOfLading(accountId, numbers.billsOfLading),
    stores.containers.byNumbers(accountId, numbers.containers),
  ])
  await stores.documents.replaceLinks(
    documentId,
    'shipment',
    shipments.map((s) => s.id),
  )
  await stores.documents.replaceLinks(
    documentId,
    'container',
    containers.map((c) => c.id),
  )
  return { shipments: shipments.length, containers: containers.length }
}
