import type { Context } from 'hono'
import type { RouteEnv } from '../http/route'
import type { DocumentRow } from '../storage/document-store'
import type { Stores } from '../storage/storage'
import { auditActor } from './audit-actor'
import { changedFields } from './audit-changes'

const FIELDS = [
  'name',
  'document_type_manual',
  'classification_notes',
  'corrections',
  'shipment_ids',
  'container_ids',
]

/** What a person may change on a document, links included, as the audit trail compares it. */
export async function documentState(stores: Stores, row: DocumentRow) {
  const links = await stores.documents.linksByDocumentIds([row.id])
  const ids = (type: string) =>
    links
      .filter((link) => link.entity_type === type)
      .map((link) => link.entity_id)
      .sort()
  return {
    name: row.name,
    document_type_manual: row.document_type_manual,
    classification_notes: row.classification_notes,
    corrections: row.corrections,
    shipment_ids: ids('shipment'),
    container_ids: ids('container'),
  }
}
type DocumentState = Awaited<ReturnType<typeof documentState>>

/** One event on the document; and one on each shipment or container linked or unlinked, for its history. */
export async function recordDocumentEdit(
  c: Context<RouteEnv>,
  stores: Stores,
  row: DocumentRow,
  states: { before: DocumentState; after: DocumentState },
) {
  const changes = changedFields(states.before, states.after, FIELDS)
  if (!changes) return
  const actor = auditActor(c)
  const accountId = row.account_id
  const label = row.name
  await stores.audit.record(actor, {
    accountId,
    action: 'document.updated',
    target: { type: 'document', id: row.id, label },
    ...changes,
  })
  for (const [type, key] of [
    ['shipment', 'shipment_ids'],
    ['container', 'container_ids'],
  ] as const) {
    const [was, is] = [states.before[key], states.after[key]]
    for (const id of is.filter((entityId) => !was.includes(entityId)))
      await stores.audit.record(actor, {
        accountId,
        action: 'document.linked',
        target: { type, id },
        after: { document: label },
      })
    for (const id of was.filter((entityId) => !is.includes(entityId)))
      await stores.audit.record(actor, {
        accountId,
        action: 'document.unlinked',
        target: { type, id },
        before: { document: label },
      })
  }
}
