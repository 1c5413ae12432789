import { Hono } from 'hono'
import { DocumentPatchSchema } from '../../contract/documents'
import type { AppEnv, Deps } from '../app'
import { readPage } from '../http/pagination'
import { requireUuid } from '../http/params'
import { invalidField, notFound } from '../http/problem'
import { readBody } from '../http/request-body'
import { respond } from '../http/respond'
import { iso } from '../resources/format'
import { respondWithOne, respondWithPage } from '../resources/respond-with'
import { isUuid } from '../storage/reference-store'
import { type DownloadSigner, sendDocumentFile } from './document-downloads'

const SUBMISSION_INCLUDE = ['documents', 'documents.last_document_representation']

export const emailSubmissionRoutes = ({ storage }: Deps) =>
  new Hono<AppEnv>()
    .get('/', async (c) => {
      const page = readPage((name) => c.req.query(name))
      return respondWithPage(
        c,
        storage,
        'email_submission',
        await storage.documents.listSubmissions(c.var.caller.accountId, page),
        page,
      )
    })
    .get('/:id', async (c) => {
      const id = c.req.param('id')
      const [submission] = await storage.documents.submissionsByIds(c.var.caller.accountId, [
        requireUuid(id, 'email submission'),
      ])
      if (!submission) throw notFound('email submission', id)
      return respondWithOne(c, storage, 'email_submission', submission, { include: SUBMISSION_INCLUDE })
    })

export const documentRoutes = (deps: Deps, downloads: DownloadSigner) => {
  const { storage } = deps
  const find = async (accountId: string, id: string) => {
    const [document] = await storage.documents.byIds(accountId, [requireUuid(id, 'document')])
    if (!document) throw notFound('document', id)
    return document
  }
  return new Hono<AppEnv>()
    .get('/', async (c) => {
      const page = readPage((name) => c.req.query(name))
      const types = c.req.query('filter[document_types]')
      const result = await storage.documents.list(
        c.var.caller.accountId,
        {
          fileName: c.req.query('filter[filename]'),
          documentTypes: types
            ? types
                .split(',')
                .map((t) => t.trim())
                .filter(Boolean)
            : undefined,
        },
        page,
      )
      return respondWithPage(c, storage, 'document', result, page)
    })
    .get('/:id', async (c) =>
      respondWithOne(c, storage, 'document', await find(c.var.caller.accountId, c.req.param('id'))),
    )
    .patch('/:id', async (c) => {
      const accountId = c.var.caller.accountId
      const document = await find(accountId, c.req.param('id'))
      const { data } = await readBody(c, DocumentPatchSchema)
      const shipmentIds = data.relationships?.shipments?.data.map((d) => d.id)
      const containerIds = data.relationships?.cargos?.data.map((d) => d.id)
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
      const updated = await storage.transaction(async (stores) => {
        if (shipmentIds)
          await stores.documents.replaceLinks(document.id, 'shipment', [...new Set(shipmentIds)])
        if (containerIds)
          await stores.documents.replaceLinks(document.id, 'container', [...new Set(containerIds)])
        return stores.documents.update(accountId, document.id, data.attributes ?? {})
      })
      return respondWithOne(c, storage, 'document', updated, {
        include: ['shipments', 'cargos', 'last_document_representation'],
      })
    })
    .get('/:id/download_url', async (c) => {
      const document = await find(c.var.caller.accountId, c.req.param('id'))
      const link = downloads.link(new URL(c.req.url).origin, c.var.caller.accountId, document.id)
      return respond(c, { download_url: link.url, expires_at: iso(link.expiresAt) })
    })
    .get('/:id/download', async (c) => sendDocumentFile(c, deps, c.var.caller.accountId, c.req.param('id')))
}
