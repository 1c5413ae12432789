import type { DocumentRepresentation, DocumentRow, EmailSubmission } from '../storage/document-store'
import { iso } from '../storage/iso-time'
import type { Ctx } from './context'
import { groupBy } from './format'
import type { ResourceDefinition } from './render'

const linkedEntities = (entityType: 'shipment' | 'container') => async (ctx: Ctx, rows: DocumentRow[]) => {
  const links = (await ctx.storage.documents.linksByDocumentIds(rows.map((r) => r.id))).filter(
    (l) => l.entity_type === entityType,
  )
  const ids = [...new Set(links.map((l) => l.entity_id))]
  const entities: { id: string }[] =
    entityType === 'shipment'
      ? await ctx.storage.shipments.byIds(ctx.accountId, ids)
      : await ctx.storage.containers.byIds(ctx.accountId, ids)
  const byId = new Map(entities.map((e) => [e.id, e]))
  const groups = new Map<string, { id: string }[]>()
  for (const link of links) {
    const entity = byId.get(link.entity_id)
    if (!entity) continue
    groups.set(link.document_id, [...(groups.get(link.document_id) ?? []), entity])
  }
  return groups
}

export const documentResource: ResourceDefinition<DocumentRow> = {
  type: 'document',
  self: (row) => `/v2/documents/${row.id}`,
  extraLinks: (row) => ({ download: `/v2/documents/${row.id}/download` }),
  attributes: (row) => ({
    id: row.id,
    name: row.name,
    source: row.source,
    document_type: row.document_type,
    document_type_manual: row.document_type_manual,
    classification_notes: row.classification_notes,
    file_name: row.file_name,
    file_content_type: row.file_content_type,
    file_size_bytes: row.file_size_bytes,
    extraction_status: row.extraction_status,
    extraction_error: row.extraction_error,
    extraction_attempts: row.extraction_attempts,
    corrections: row.corrections,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  }),
  relationships: {
    account: { kind: 'one', target: 'account', key: (row) => row.account_id },
    user: { kind: 'one', target: 'user', key: (row) => row.user_id },
    email_submission: { kind: 'one', target: 'email_submission', key: (row) => row.email_submission_id },
    last_document_representation: {
      kind: 'one',
      target: 'document_representation',
      key: (row) => row.last_document_representation_id,
    },
    shipments: { kind: 'many', target: 'shipment', load: linkedEntities('shipment') },
    cargos: { kind: 'many', target: 'container', load: linkedEntities('container') },
  },
  loadByIds: (ctx: Ctx, ids) => ctx.storage.documents.byIds(ctx.accountId, ids),
}

export const documentRepresentationResource: ResourceDefinition<DocumentRepresentation> = {
  type: 'document_representation',
  attributes: (row) => ({
    schema_version: row.schema_version,
    payload: row.payload,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  }),
  relationships: {},
  loadByIds: (ctx: Ctx, ids) => ctx.storage.documents.representationsByIds(ctx.accountId, ids),
}

export const emailSubmissionResource: ResourceDefinition<EmailSubmission> = {
  type: 'email_submission',
  self: (row) => `/v2/email_submissions/${row.id}`,
  attributes: (row) => ({
    subject: row.subject,
    body: row.body,
    from: row.from,
    to: row.to,
    cc: row.cc,
    sent_at: iso(row.sent_at),
    message_id: row.message_id,
    in_reply_to: row.in_reply_to,
    references: row.references,
    content_type: row.content_type,
    html_body: row.html_body,
    documents_count: Number(row.documents_count),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  }),
  relationships: {
    account: { kind: 'one', target: 'account', key: (row) => row.account_id },
    user: { kind: 'one', target: 'user', key: (row) => row.user_id },
    documents: {
      kind: 'many',
      target: 'document',
      load: async (ctx: Ctx, rows) =>
        groupBy(
          await ctx.storage.documents.bySubmissionIds(
            ctx.accountId,
            rows.map((r) => r.id),
          ),
          (d) => d.email_submission_id!,
        ),
    },
    reply_to: { kind: 'one', target: 'email_submission', key: (row) => row.reply_to_submission_id },
    thread: {
      kind: 'many',
      target: 'email_submission',
      load: async (ctx: Ctx, rows) => {
        const threads = await Promise.all(rows.map((row) => ctx.storage.mail.thread(ctx.accountId, row.id)))
        const members = await ctx.storage.documents.submissionsByIds(ctx.accountId, [
          ...new Set(threads.flat()),
        ])
        const byId = new Map(members.map((m) => [m.id, m]))
        return new Map(
          rows.map((row, i) => [
            row.id,
            threads[i]
              .map((id) => byId.get(id))
              .filter((m) => m !== undefined)
              .sort((a, b) => (a.sent_at?.getTime() ?? 0) - (b.sent_at?.getTime() ?? 0)),
          ]),
        )
      },
    },
  },
  loadByIds: (ctx: Ctx, ids) => ctx.storage.documents.submissionsByIds(ctx.accountId, ids),
}
