import { createHmac } from 'node:crypto'

/** `X-T49-Webhook-Signature`: the hex HMAC-SHA256 of the raw body, keyed by the webhook's secret. */
export const t49Signature = (body: string, secret: string) =>
  createHmac('sha256', secret).update(body).digest('hex')

/**
 * The Standard Webhooks headers (standardwebhooks.com): the signed content is `id.timestamp.body`
 * and the key is the secret's UTF-8 bytes, that is the signing secret `whsec_` + base64(secret).
 * Raw key bytes (a `whsec_` secret decoded) may be given instead.
 */
export function standardWebhookHeaders(
  id: string,
  timestampSeconds: number,
  body: string,
  secret: string | Uint8Array,
) {
  const signature = createHmac('sha256', typeof secret === 'string' ? Buffer.from(secret, 'utf8') : secret)
    .update(`${id}.${timestampSeconds}.${body}`)
    .digest('base64')
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': `v1,${signature}`,
  }
}
