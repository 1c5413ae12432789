import type { Context } from 'hono'
import { z } from 'zod/mini'
import {
  DOCUMENT_TYPES,
  DocumentActionResultSchema,
  DocumentRotateSchema,
  DocumentSchemaDocumentSchema,
  DocumentTypesSchema,
  DocumentUploadSchema,
  REPRESENTATION_SCHEMA_VERSION,
  RepresentationPayloadSchema,
} from '../../contract/document-types'
import { DocumentDocumentSchema } from '../../contract/documents'
import type { Deps } from '../deps'
import { dropDocumentLfd, linkDocumentAnnounced } from '../documents/announce-lfd-changes'
import { numbersIn } from '../documents/link-document'
import { readDocumentUpload } from '../http/document-upload'
import { problem } from '../http/problem'
import { includeQuery } from '../http/query-params'
import { type Operation, route, routes } from '../http/route'
import { iso } from '../storage/iso-time'
import { auditActor } from './audit-actor'
import { documentState, recordDocumentEdit } from './document-audit'
import { findDocument } from './document-downloads'
import { respondWithOne, selfLink } from './respond-with'

/** Said plainly, never answered with a success that did nothing. */
const notYet = (detail: string) => problem(501, { detail, code: 'not_available', title: 'Not Implemented' })

const { $schema: _, ...PAYLOAD_JSON_SCHEMA } = z.toJSONSchema(RepresentationPayloadSchema, { io: 'input' })

type Find = (accountId: string, id: string) => ReturnType<typeof findDocument>

const documentTypes = (): Operation[] => [
  route(
    {
      method: 'get',
      path: '/documents/types',
      summary: 'The document types documents are filed under, with their labels',
      response: DocumentTypesSchema,
    },
    (c) => c.json({ document_types: DOCUMENT_TYPES }),
  ),
]

const uploadAndDelete = ({ storage }: Deps, find: Find): Operation[] => [
  route(
    {
      method: 'post',
      path: '/documents',
      summary: 'Upload a document (multipart/form-data: file, and an optional name)',
      description:
        'The same file twice answers 409 duplicate_document naming the one already kept. Files up to 20 MB.',
      query: includeQuery,
      form: DocumentUploadSchema,
      response: DocumentDocumentSchema,
      status: 201,
    },
    async (c) => {
      const accountId = c.var.caller.accountId
      // hashed on the way, before the database refers to it
      const upload = await readDocumentUpload(c, storage.blobs)
      const { blob } = upload
      const existing = await storage.documents.byFileHash(accountId, blob.sha256)
      if (existing)
        throw problem(409, {
          title: 'Duplicate document',
          detail: `This file is already kept as ${existing.name}`,
          code: 'duplicate_document',
          meta: { existing_document_id: existing.id, existing_document_name: existing.name },
        })
      const document = await storage.transaction(async (stores) => {
        await stores.mail.keepBlob(accountId, blob)
        const created = await stores.documents.create({
          account_id: accountId,
          name: upload.name,
          source: 'api',
          file_name: upload.fileName,
          file_content_type: upload.contentType,
          file_size_bytes: blob.size,
          file_sha256: blob.sha256,
        })
        await stores.documents.queueExtraction(accountId, [created.id])
        await stores.audit.record(auditActor(c), {
          accountId,
          action: 'document.uploaded',
          target: { type: 'document', id: created.id, label: created.name },
          after: { name: created.name, file_name: upload.fileName, file_size_bytes: blob.size },
        })
        return created
      })
      return respondWithOne(c, storage, 'document', document, { status: 201 })
    },
  ),
  route(
    {
      method: 'delete',
      path: '/documents/:id',
      summary: 'Delete a document (it leaves every list; the file is kept, as the real service keeps it)',
      response: 'empty',
    },
    async (c) => {
      const accountId = c.var.caller.accountId
      const document = await find(accountId, c.req.param('id'))
      await storage.transaction(async (stores) => {
        await stores.documents.discard(accountId, document.id)
        await dropDocumentLfd(stores, accountId, document.id)
        await stores.audit.record(auditActor(c), {
          accountId,
          action: 'document.deleted',
          target: { type: 'document', id: document.id, label: document.name },
          before: { name: document.name },
        })
      })
      return c.body(null, 204)
    },
  ),
]

const relink = ({ storage }: Deps, find: Find): Operation =>
  route(
    {
      method: 'post',
      path: '/documents/:id/relink',
      summary: 'Link the document again to the shipments and containers named in what was read from it',
      response: DocumentActionResultSchema,
      status: 202,
    },
    async (c) => {
      const accountId = c.var.caller.accountId
      const document = await find(accountId, c.req.param('id'))
      const [representation] = document.last_document_representation_id
        ? await storage.documents.representationsByIds(accountId, [document.last_document_representation_id])
        : []
      if (!numbersIn(representation?.payload))
        throw problem(422, {
          detail: 'Nothing has been read from this document yet, so there are no numbers to link it by',
          code: 'not_extracted',
        })
      await storage.transaction(async (stores) => {
        const before = await documentState(stores, document)
        await linkDocumentAnnounced(stores, accountId, document, representation.payload)
        const saved = await stores.documents.update(accountId, document.id, {})
        await recordDocumentEdit(c, stores, saved, { before, after: await documentState(stores, saved) })
      })
      return c.json({ status: 'accepted' }, 202)
    },
  )

/** Both queue a full reading. */
const readAgain = ({ storage }: Deps, find: Find): Operation[] => {
  const queueReading = async (accountId: string, id: string, c: Context) => {
    const document = await find(accountId, id)
    await storage.documents.queueExtraction(accountId, [document.id])
    return c.json({ status: 'accepted' }, 202)
  }
  return [
    route(
      {
        method: 'post',
        path: '/documents/:id/reextract',
        summary:
          'Read the document again: its type, fields and links (queued; extraction_status shows progress)',
        description:
          'A type set by hand (document_type_manual) and corrected values are kept: they win over what is read.',
        response: DocumentActionResultSchema,
        status: 202,
      },
      async (c) => queueReading(c.var.caller.accountId, c.req.param('id'), c),
    ),
    route(
      {
        method: 'post',
        path: '/documents/:id/reclassify',
        summary: 'Work out the document type again from its text (queued with a full reading)',
        description:
          'The type is read from the text with the fields; a type set by hand (document_type_manual) still wins. Clear it with PATCH to let the classifier decide.',
        response: DocumentActionResultSchema,
        status: 202,
      },
      async (c) => queueReading(c.var.caller.accountId, c.req.param('id'), c),
    ),
  ]
}

const rotate = (find: Find): Operation =>
  route(
    {
      method: 'post',
      path: '/documents/:id/rotate',
      summary: 'Turn an image document (not available yet for images: answers 501; other files 422)',
      body: DocumentRotateSchema,
      response: DocumentActionResultSchema,
      status: 202,
    },
    async (c) => {
      const document = await find(c.var.caller.accountId, c.req.param('id'))
      if (!document.file_content_type.startsWith('image/'))
        throw problem(422, {
          title: 'Not rotatable',
          detail: `Only images can be turned; this document is ${document.file_content_type}`,
          code: 'not_rotatable',
        })
      throw notYet('Quayside cannot turn images yet; the document is unchanged')
    },
  )

const documentSchemas = (): Operation[] => [
  route(
    {
      method: 'get',
      path: '/document_schemas/:id',
      summary: 'The JSON Schema of what is read from documents of a type, by type@version',
      response: DocumentSchemaDocumentSchema,
    },
    (c) => {
      const id = c.req.param('id')
      const [code, version] = id.split('@')
      const type = DOCUMENT_TYPES.find((t) => t.code === code)
      if (!type || version !== REPRESENTATION_SCHEMA_VERSION)
        throw problem(404, { detail: `Couldn't find DocumentSchema with 'id'=${id}` })
      const since = iso(new Date(Date.UTC(2026, 0, 1)))
      return c.json({
        data: {
          id,
          type: 'document_schema',
          attributes: {
            document_type: type.code,
            label: type.label,
            schema_version: version,
            full_version: id,
            current: true,
            draft: false,
            active_at: since,
            schema_format: 'json_schema',
            description: `What Quayside reads from a ${type.label.toLowerCase()}`,
            schema_payload: PAYLOAD_JSON_SCHEMA,
            created_at: since,
            updated_at: since,
          },
          links: { self: selfLink(c) },
        },
        links: { self: selfLink(c) },
      })
    },
  ),
]

export const documentActionRoutes = (deps: Deps) => {
  const find: Find = (accountId, id) => findDocument(deps, accountId, id)
  return routes(
    ...documentTypes(),
    ...uploadAndDelete(deps, find),
    relink(deps, find),
    ...readAgain(deps, find),
    rotate(find),
    ...documentSchemas(),
  )
}
