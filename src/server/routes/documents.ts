import { REPRESENTATION_SCHEMA_VERSION } from '../../contract/document-types'
import {
  DocumentDocumentSchema,
  DocumentDownloadUrlSchema,
  DocumentListDocumentSchema,
  DocumentPatchSchema,
} from '../../contract/documents'
import { EMAIL_SUBMISSION_LIST } from '../../contract/email-submission-list-query'
import {
  EmailSubmissionDocumentSchema,
  EmailSubmissionListDocumentSchema,
} from '../../contract/email-submissions'
import type { Deps } from '../deps'
import { announceLfdChanges } from '../documents/announce-lfd-changes'
import { withCorrections } from '../documents/document-payload'
import { keepLfdOfLinks, linkDocument } from '../documents/link-document'
import { filterParams, filtersOf } from '../http/list-params'
import { pageOf, pageParams, pageQuery } from '../http/pagination'
import { requireUuid } from '../http/params'
import { invalidField, notFound } from '../http/problem'
import { asText, asUuid, includeQuery, optional, refuse } from '../http/query-params'
import { MAX_MESSAGE_BYTES, messageTooLarge, openRawMessage } from '../http/request-form'
import { type Operation, route, routes } from '../http/route'
import { respond } from '../jsonapi/respond'
import { ingestMessage } from '../mail/ingest-message'
import { looksLikeMessage, UnreadableMessage } from '../mail/parse-message'
import { BlobTooLarge } from '../storage/blob-store'
import { DOCUMENT_SORT_FIELDS, type DocumentSort } from '../storage/document-filters'
import type { DocumentRow } from '../storage/document-store'
import { iso } from '../storage/iso-time'
import { isUuid } from '../storage/reference-store'
import type { Stores } from '../storage/storage'
import { auditActor } from './audit-actor'
import { documentState, recordDocumentEdit } from './document-audit'
import { type DownloadSigner, findDocument, sendDocumentFile } from './document-downloads'
import { EMAIL_SUBMISSION_DESCRIPTIONS } from './list-descriptions'
import { respondWithOne, respondWithPage } from './respond-with'

type Storage = Deps['storage']

const SUBMISSION_INCLUDE = ['documents', 'documents.last_document_representation']

const submitEmail = (storage: Storage): Operation =>
  route(
    {
      method: 'post',
      path: '/email_submissions',
      summary: 'Submit an inbound email as it arrived (a Quayside extension for mail providers)',
      description:
        'The raw message (RFC 5322, up to 25 MB) with Content-Type: message/rfc822. Each attachment Quayside keeps becomes a document (source email); a reply is linked to the message it answers. The same message again answers 200 with the submission already kept.',
      query: includeQuery,
      raw: {
        contentType: 'message/rfc822',
        description: 'The email, headers and body, exactly as received',
      },
      response: EmailSubmissionDocumentSchema,
      status: 201,
    },
    async (c) => {
      const accountId = c.var.caller.accountId
      const { head, body } = await openRawMessage(c)
      if (!looksLikeMessage(head))
        throw invalidField('', 'The body is not an email message: it has no header lines', 'not_a_message')
      const raw = await storage.blobs.put(body, { maxBytes: MAX_MESSAGE_BYTES }).catch((error: Error) => {
        throw error instanceof BlobTooLarge ? messageTooLarge() : error
      })
      const record = (stores: Stores, kept: { submissionId: string; documentIds: string[] }) =>
        stores.audit.record(auditActor(c), {
          accountId,
          action: 'email_submission.created',
          target: { type: 'email_submission', id: kept.submissionId },
          after: { document_ids: kept.documentIds },
        })
      const ingested = await ingestMessage(storage, accountId, raw, record).catch((error: Error) => {
        throw error instanceof UnreadableMessage ? invalidField('', error.message, 'not_a_message') : error
      })
      const [submission] = await storage.documents.submissionsByIds(accountId, [ingested.submissionId])
      return respondWithOne(c, storage, 'email_submission', submission, {
        include: SUBMISSION_INCLUDE,
        status: ingested.duplicate ? 200 : 201,
      })
    },
  )

const submissionReads = (storage: Storage): Operation[] => [
  route(
    {
      method: 'get',
      path: '/email_submissions',
      summary: 'List inbound email submissions, newest first',
      query: {
        ...pageParams(EMAIL_SUBMISSION_LIST.page),
        ...includeQuery,
        ...filterParams(EMAIL_SUBMISSION_LIST, EMAIL_SUBMISSION_DESCRIPTIONS),
      },
      response: EmailSubmissionListDocumentSchema,
    },
    async (c, { query }) => {
      const page = pageOf(query)
      const { q, reading } = filtersOf(EMAIL_SUBMISSION_LIST, query)
      const result = await storage.documents.listSubmissions(c.var.caller.accountId, page, {
        q: q?.trim() || undefined,
        reading,
      })
      return respondWithPage(c, storage, 'email_submission', result, page)
    },
  ),
  route(
    {
      method: 'get',
      path: '/email_submissions/:id',
      summary: 'Get an email submission with its documents',
      query: includeQuery,
      response: EmailSubmissionDocumentSchema,
    },
    async (c) => {
      const id = c.req.param('id')
      const [submission] = await storage.documents.submissionsByIds(c.var.caller.accountId, [
        requireUuid(id, 'email submission'),
      ])
      if (!submission) throw notFound('email submission', id)
      return respondWithOne(c, storage, 'email_submission', submission, { include: SUBMISSION_INCLUDE })
    },
  ),
]

export const emailSubmissionRoutes = ({ storage }: Deps) =>
  routes(submitEmail(storage), ...submissionReads(storage))

const mergeCorrections = (current: Record<string, unknown>, changes: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries({ ...current, ...changes }).filter(([, value]) => value !== null && value !== undefined),
  )

/** A correction shows at once and is kept by every later reading. */
async function applyCorrections(stores: Stores, accountId: string, document: DocumentRow, by?: string) {
  const [last] = document.last_document_representation_id
    ? await stores.documents.representationsByIds(accountId, [document.last_document_representation_id])
    : []
  const payload = withCorrections(last?.payload ?? {}, document.corrections, document.document_type_manual)
  const type = typeof payload.document_type === 'string' ? payload.document_type : document.document_type
  await stores.documents.update(accountId, document.id, { document_type: type })
  if (!last && Object.keys(document.corrections).length === 0) return []
  await stores.documents.addRepresentation(accountId, document.id, REPRESENTATION_SCHEMA_VERSION, payload)
  return (await linkDocument(stores, accountId, document, payload, by)).lfdChanges
}

const asSort = (raw: string) => {
  const field = raw.replace(/^-/, '')
  return Object.hasOwn(DOCUMENT_SORT_FIELDS, field)
    ? { field: field as DocumentSort['field'], descending: raw.startsWith('-') }
    : refuse(`must be one of ${Object.keys(DOCUMENT_SORT_FIELDS).join(', ')}, optionally after -`)
}

const splitList = (raw: string) =>
  raw
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean)

type Find = (accountId: string, id: string) => ReturnType<typeof findDocument>

const documentList = (storage: Storage): Operation =>
  route(
    {
      method: 'get',
      path: '/documents',
      summary: 'List documents, newest first',
      query: {
        ...pageQuery(),
        ...includeQuery,
        'filter[filename]': optional(asText, 'Documents whose file name contains this'),
        'filter[document_types]': optional(splitList, 'Comma-separated document types'),
        'filter[reference]': optional(
          asText,
          'Documents of the shipment with this bill of lading or reference number, or of the container with this number',
        ),
        'filter[shipment_id]': optional(asUuid, 'Documents linked to this shipment (a Quayside extension)'),
        'filter[container_id]': optional(asUuid, 'Documents linked to this container (a Quayside extension)'),
        sort: optional(asSort, 'created_at, document_type or added_by; a leading - for descending'),
      },
      response: DocumentListDocumentSchema,
    },
    async (c, { query }) => {
      const page = pageOf(query)
      const result = await storage.documents.list(
        c.var.caller.accountId,
        {
          fileName: query['filter[filename]'],
          documentTypes: query['filter[document_types]'],
          reference: query['filter[reference]'],
          shipmentId: query['filter[shipment_id]'],
          containerId: query['filter[container_id]'],
        },
        page,
        query.sort,
      )
      return respondWithPage(c, storage, 'document', result, page)
    },
  )

async function refuseUnknownLinks(
  storage: Storage,
  accountId: string,
  shipmentIds: string[] | undefined,
  containerIds: string[] | undefined,
) {
  for (const [ids, pointer, load] of [
    [shipmentIds, '/data/relationships/shipments', storage.shipments.byIds],
    [containerIds, '/data/relationships/cargos', storage.containers.byIds],
  ] as const) {
    if (!ids) continue
    const found = new Set((await load(accountId, ids.filter(isUuid))).map((row) => row.id))
    const missing = ids.findIndex((id) => !found.has(id))
    if (missing >= 0)
      throw invalidField(
        `${pointer}/data/${missing}/id`,
        `There is no such record with id ${ids[missing]}`,
        'not_found',
      )
  }
}

const editDocument = ({ storage }: Deps, find: Find): Operation =>
  route(
    {
      method: 'patch',
      path: '/documents/:id',
      summary: "Edit a document's name, type, notes and links (beta)",
      query: includeQuery,
      body: DocumentPatchSchema,
      response: DocumentDocumentSchema,
    },
    async (c, { body: { data } }) => {
      const accountId = c.var.caller.accountId
      const document = await find(accountId, c.req.param('id'))
      const shipmentIds = data.relationships?.shipments?.data.map((d) => d.id)
      const containerIds = data.relationships?.cargos?.data.map((d) => d.id)
      await refuseUnknownLinks(storage, accountId, shipmentIds, containerIds)
      const { corrections: changes, ...attributes } = data.attributes ?? {}
      const by = await storage.apiKeys.nameOf(c.var.caller.keyId)
      const updated = await storage.transaction(async (stores) => {
        const before = await documentState(stores, document)
        const row = await stores.documents.update(accountId, document.id, {
          ...attributes,
          ...(changes ? { corrections: mergeCorrections(document.corrections, changes) } : {}),
        })
        const corrected =
          changes || attributes.document_type_manual !== undefined
            ? await applyCorrections(stores, accountId, row, by)
            : []
        if (shipmentIds)
          await stores.documents.replaceLinks(document.id, 'shipment', [...new Set(shipmentIds)])
        if (containerIds)
          await stores.documents.replaceLinks(document.id, 'container', [...new Set(containerIds)])
        const saved = await stores.documents.update(accountId, document.id, {})
        const kept = containerIds ? await keepLfdOfLinks(stores, accountId, saved, by) : []
        await announceLfdChanges(stores, accountId, [...corrected, ...kept])
        await recordDocumentEdit(c, stores, saved, { before, after: await documentState(stores, saved) })
        return saved
      })
      return respondWithOne(c, storage, 'document', updated, {
        include: ['shipments', 'cargos', 'last_document_representation'],
      })
    },
  )

const documentFile = (deps: Deps, downloads: DownloadSigner, find: Find): Operation[] => [
  route(
    {
      method: 'get',
      path: '/documents/:id/download_url',
      summary: 'A signed, short-lived download link that needs no API key',
      response: DocumentDownloadUrlSchema,
    },
    async (c) => {
      const document = await find(c.var.caller.accountId, c.req.param('id'))
      const link = await downloads.link(c.var.publicUrl, c.var.caller.accountId, document.id)
      return respond(c, { download_url: link.url, expires_at: iso(link.expiresAt) })
    },
  ),
  route(
    {
      method: 'get',
      path: '/documents/:id/download',
      summary: "Download a document's file",
      response: 'file',
    },
    async (c) => sendDocumentFile(c, deps, c.var.caller.accountId, c.req.param('id')),
  ),
]

export const documentRoutes = (deps: Deps, downloads: DownloadSigner) => {
  const { storage } = deps
  const find: Find = (accountId, id) => findDocument(deps, accountId, id)
  return routes(
    documentList(storage),
    route(
      {
        method: 'get',
        path: '/documents/:id',
        summary: 'Get a document',
        query: includeQuery,
        response: DocumentDocumentSchema,
      },
      async (c) =>
        respondWithOne(c, storage, 'document', await find(c.var.caller.accountId, c.req.param('id'))),
    ),
    editDocument(deps, find),
    ...documentFile(deps, downloads, find),
  )
}
