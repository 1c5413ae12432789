import { z } from 'zod/mini'
import { RepresentationPayloadSchema } from '../../contract/document-types'
import type { Stores } from '../storage/storage'

export function numbersIn(payload: unknown) {
  const read = RepresentationPayloadSchema.safeParse(payload)
  if (!read.success) return undefined
  const bills = [read.data.bill_of_lading_number, ...(read.data.bill_of_lading_numbers ?? [])]
  return {
    billsOfLading: [...new Set(bills.filter((b): b is string => typeof b === 'string' && b.length > 0))],
    containers: [...new Set(read.data.container_numbers ?? [])],
  }
}

/** A correction made before the document was read has no type yet. */
const LfdPayloadSchema = z.pick(RepresentationPayloadSchema, { last_free_day: true, corrected_fields: true })

function lfdSourceIn(payload: unknown, document: { id: string; name: string }, by?: string) {
  const read = LfdPayloadSchema.safeParse(payload)
  const value = read.success ? read.data.last_free_day : undefined
  if (!value || !/^\d{4}-\d{2}-\d{2}/.test(value)) return null
  const corrected = read.success && (read.data.corrected_fields ?? []).includes('last_free_day')
  return {
    kind: corrected ? ('person' as const) : ('document' as const),
    value: value.slice(0, 10),
    by: corrected ? (by ?? null) : null,
    document_id: document.id,
    document_name: document.name,
  }
}

/** Only to the account's records whose numbers it names; answers the containers whose counting LFD moved. */
export async function linkDocument(
  stores: Stores,
  accountId: string,
  document: { id: string; name: string },
  payload: unknown,
  by?: string,
) {
  const documentId = document.id
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
  const lfdChanges = await stores.containers.keepDocumentLfd(
    accountId,
    documentId,
    containers.map((c) => c.id),
    lfdSourceIn(payload, document, by),
  )
  return { shipments: shipments.length, containers: containers.length, lfdChanges }
}

export async function keepLfdOfLinks(
  stores: Stores,
  accountId: string,
  document: { id: string; name: string; last_document_representation_id: string | null },
  by?: string,
) {
  const [representation] = document.last_document_representation_id
    ? await stores.documents.representationsByIds(accountId, [document.last_document_representation_id])
    : []
  const links = await stores.documents.linksByDocumentIds([document.id])
  const containerIds = links.filter((l) => l.entity_type === 'container').map((l) => l.entity_id)
  return stores.containers.keepDocumentLfd(
    accountId,
    document.id,
    containerIds,
    lfdSourceIn(representation?.payload, document, by),
  )
}
