import { createHmac } from 'node:crypto'

/** `X-T49-Webhook-Signature`: the hex HMAC-SHA256 of the raw body, keyed by the webhook's secret. */
export const t49Signature = (body: string, secret: string) =>
  createHmac('sha256', secret).update(body).digest('hex')

type Key = string | Uint8Array

/** One Standard Webhooks signature, `v1,<base64>`, over `id.timestamp.body`. */
const standardSignature = (id: string, timestampSeconds: number, body: string, key: Key) =>
  `v1,${createHmac('sha256', typeof key === 'string' ? Buffer.from(key, 'utf8') : key)
    .update(`${id}.${timestampSeconds}.${body}`)
    .digest('base64')}`

/**
 * The Standard Webhooks headers (standardwebhooks.com): the signed content is `id.timestamp.body`
 * and the key is the secret's UTF-8 bytes, that is the signing secret `whsec_` + base64(secret).
 * Raw key bytes (a `whsec_` secret decoded) may be given instead.
 * After a rotation the old secret signs too: `webhook-signature` then carries both, space-separated.
 */
export function standardWebhookHeaders(
  id: string,
  timestampSeconds: number,
  body: string,
  secret: Key,
  previousSecret?: Key | null,
) {
  const secrets = previousSecret ? [secret, previousSecret] : [secret]
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': secrets.map((key) => standardSignature(id, timestampSeconds, body, key)).join(' '),
  }
}
