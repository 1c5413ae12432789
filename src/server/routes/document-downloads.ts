import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { Readable } from 'node:stream'
import type { Context } from 'hono'
import type { Clock } from '../clock'
import type { Deps } from '../deps'
import { attachmentDisposition } from '../http/content-disposition'
import { requireUuid } from '../http/params'
import { notFound, problem } from '../http/problem'
import { asText, optional } from '../http/query-params'
import { route, routes } from '../http/route'
import { isUuid } from '../storage/reference-store'
import type { Storage } from '../storage/storage'

const DOWNLOAD_TTL_MS = 15 * 60 * 1000

export type DownloadSigner = ReturnType<typeof createDownloadSigner>

/** The key is kept in the database, so a link one process makes is honoured by every other. */
export function createDownloadSigner(clock: Clock, secrets: Pick<Storage['secrets'], 'shared'>) {
  let key: Promise<Buffer> | undefined
  const keyOnce = () => {
    key ??= secrets
      .shared('download_links', randomBytes(32).toString('hex'))
      .then((hex) => Buffer.from(hex, 'hex'))
      .catch((error: unknown) => {
        key = undefined
        throw error
      })
    return key
  }
  const sign = async (accountId: string, id: string, expires: number) =>
    createHmac('sha256', await keyOnce())
      .update(`${accountId}:${id}:${expires}`)
      .digest('hex')
  return {
    async link(origin: string, accountId: string, id: string) {
      const expires = clock.now().getTime() + DOWNLOAD_TTL_MS
      const query = new URLSearchParams({
        account: accountId,
        expires: String(expires),
        signature: await sign(accountId, id, expires),
      })
      return { url: `${origin}/v2/documents/${id}/signed_download?${query}`, expiresAt: new Date(expires) }
    },
    async check(accountId: string, id: string, rawExpires: string, signature: string) {
      const expires = Number(rawExpires)
      const expected = Number.isSafeInteger(expires) ? await sign(accountId, id, expires) : ''
      if (
        expected === '' ||
        signature.length !== expected.length ||
        !timingSafeEqual(Buffer.from(signature), Buffer.from(expected))
      )
        throw problem(403, {
          parameter: 'signature',
          detail: 'This download link is not valid; ask for a new one',
        })
      if (expires < clock.now().getTime())
        throw problem(403, {
          parameter: 'expires',
          detail: 'This download link has expired; ask for a new one',
        })
    },
  }
}

export async function findDocument({ storage }: Pick<Deps, 'storage'>, accountId: string, id: string) {
  const [document] = await storage.documents.byIds(accountId, [requireUuid(id, 'document')])
  if (!document) throw notFound('document', id)
  return document
}

export async function sendDocumentFile(
  c: Context,
  { storage }: Pick<Deps, 'storage'>,
  accountId: string,
  id: string,
) {
  const file = isUuid(id) ? await storage.documents.file(accountId, id) : undefined
  const stream = file && (await storage.blobs.open(file.sha256))
  if (!file || !stream) throw notFound('document', id)
  return c.body(Readable.toWeb(stream) as ReadableStream, 200, {
    'Content-Type': file.type,
    'Content-Length': String(file.size),
    'Content-Disposition': attachmentDisposition(file.name),
  })
}

/** Like the real service's presigned URL it needs no API key. */
export const signedDownloadRoutes = (deps: Deps, signer: DownloadSigner) =>
  routes(
    route(
      {
        method: 'get',
        path: '/documents/:id/signed_download',
        summary: 'Download a file through a link from download_url',
        query: {
          account: optional(asText),
          expires: optional(asText),
          signature: optional(asText),
        },
        response: 'file',
        public: true,
      },
      async (c, { query }) => {
        const id = c.req.param('id')
        const accountId = query.account ?? ''
        await signer.check(accountId, id, query.expires ?? '', query.signature ?? '')
        return sendDocumentFile(c, deps, accountId, id)
      },
    ),
  )
