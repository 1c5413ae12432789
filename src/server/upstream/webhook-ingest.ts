import { createHmac, timingSafeEqual } from 'node:crypto'
import type { Storage } from '../storage/storage'
import { applyResources, resourcesOf } from './apply-document'
import type { SecretBox } from './secret-box'

type IngestDeps = {
  storage: Storage
  box: SecretBox
  now: () => Date
  onAccountChanged?: (accountId: string) => void
}

const MAX_BODY_BYTES = 1024 * 1024
/** `/upstream/webhooks/<account id>` below PUBLIC_URL. */
export const RECEIVER_PATH = '/upstream/webhooks'
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const answer = (status: number, detail: string, code: string) =>
  new Response(JSON.stringify({ errors: [{ status: String(status), title: code, detail, code }] }), {
    status,
    headers: { 'Content-Type': 'application/vnd.api+json' },
  })

/** Compared in constant time. */
function signedBy(secret: string, body: Buffer, signature: string | undefined) {
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature.trim())) return false
  const expected = createHmac('sha256', secret).update(body).digest()
  return timingSafeEqual(expected, Buffer.from(signature.trim(), 'hex'))
}

/** Signed (else 401); applied once by id; a state older than the mirror's (by `created_at`) changes nothing. */
export function webhookIngest(deps: IngestDeps) {
  return async (accountId: string, request: Request) => {
    if (!UUID.test(accountId)) return answer(404, 'There is no connected account here', 'not_found')
    const connection = await deps.storage.upstream.connection(accountId)
    const secret = connection?.webhook_secret_sealed
      ? deps.box.open(connection.webhook_secret_sealed)
      : undefined
    if (!connection || !secret) return answer(404, 'There is no connected account here', 'not_found')
    const body = Buffer.from(await request.arrayBuffer())
    if (body.length > MAX_BODY_BYTES)
      return answer(413, 'A notification is at most 1 MB', 'payload_too_large')
    if (!signedBy(secret, body, request.headers.get('x-t49-webhook-signature') ?? undefined))
      return answer(401, 'The X-T49-Webhook-Signature does not match this body', 'bad_signature')
    let document: { data?: { id?: unknown; attributes?: { created_at?: unknown } }; included?: unknown[] }
    try {
      document = JSON.parse(body.toString('utf8'))
    } catch {
      return answer(400, 'The body is not JSON', 'invalid_json')
    }
    const id = document.data?.id
    if (typeof id !== 'string') return answer(422, 'The notification has no id', 'invalid')
    const createdAt = new Date(String(document.data?.attributes?.created_at ?? ''))
    const stamp = Number.isNaN(createdAt.getTime()) ? deps.now() : createdAt
    const applied = await deps.storage.transaction(async (stores) => {
      if (!(await stores.upstream.claimNotification(accountId, id))) return false
      await applyResources(stores, accountId, resourcesOf({ included: document.included }), stamp)
      return true
    })
    if (applied) deps.onAccountChanged?.(accountId)
    return new Response(null, { status: applied ? 200 : 204 })
  }
}
