import { createHmac, timingSafeEqual } from 'node:crypto'
import { Hono } from 'hono'
import { DocumentPatchSchema } from '../../contract/documents'
import type { AppEnv, Deps } from '../app'
import { readPage } from '../http/pagination'
import { requireUuid } from '../http/params'
import { invalidField, notFound, problem } from '../http/problem'
import { readBody } from '../http/request-body'
import { respond } from '../http/respond'
import { iso } from '../resources/format'
import { respondWithOne, respondWithPage } from '../resources/respond-with'
import { isUuid } from '../storage/reference-store'

const DOWNLOAD_TTL_MS = 15 * 60 * 1000
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

/** Download links are signed for one document and a short time, with a key only this process knows. */
export const documentRoutes = ({ storage, clock, random }: Deps) => {
  const signingKey = Buffer.from(Array.from({ length: 32 }, () => Math.floor(random() * 256)))
  const sign = (id: string, expires: number) =>
    createHmac('sha256', signingKey).update(`${id}:${expires}`).digest('hex')
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
      const expires = clock.now().getTime() + DOWNLOAD_TTL_MS
      const url = `/v2/documents/${document.id}/download?expires=${expires}&signature=${sign(document.id, expires)}`
      return respond(c, { data: { url, expires_at: iso(new Date(expires)) } })
    })
    .get('/:id/download', async (c) => {
      const id = requireUuid(c.req.param('id'), 'document')
      const expires = Number(c.req.query('expires'))
      const signature = c.req.query('signature') ?? ''
      const expected = Number.isFinite(expires) ? sign(id, expires) : ''
      const valid =
        signature.length === expected.length &&
        expected !== '' &&
        timingSafeEqual(Buffer.from(signature), Buffer.from(expected))
      if (!valid)
        throw problem(403, {
          parameter: 'signature',
          detail: 'This download link is not valid; ask for a new one',
        })
      if (expires < clock.now().getTime())
        throw problem(403, {
          parameter: 'expires',
          detail: 'This download link has expired; ask for a new one',
        })
      const file = await storage.documents.file(c.var.caller.accountId, id)
      if (!file) throw notFound('document', id)
      return c.body(new Uint8Array(file.bytes), 200, {
        'Content-Type': file.type,
        'Content-Disposition': `attachment; filename="${file.name.replaceAll('"', '')}"`,
      })
    })
}
