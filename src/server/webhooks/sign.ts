import { createHmac } from 'node:crypto'

/** `X-T49-Webhook-Signature`: the hex HMAC-SHA256 of the raw body, keyed by the webhook's secret. */
export const t49Signature = (body: string, secret: string) =>
  createHmac('sha256', secret).update(body).digest('hex')

/** One Standard Webhooks signature, `v1,<base64>`, over `id.timestamp.body`. */
const standardSignature = (id: string, timestampSeconds: number, body: string, secret: string) =>
  `v1,${createHmac('sha256', Buffer.from(secret, 'utf8')).update(`${id}.${timestampSeconds}.${body}`).digest('base64')}`

/**
 * The Standard Webhooks headers (standardwebhooks.com): the signed content is `id.timestamp.body`
 * and the key is the secret's UTF-8 bytes, that is the signing secret `whsec_` + base64(secret).
 * After a rotation the old secret signs too: `webhook-signature` then carries both, space-separated.
 */
export function standardWebhookHeaders(
  id: string,
  timestampSeconds: number,
  body: string,
  secret: string,
  previousSecret?: string | null,
) {
  const secrets = previousSecret ? [secret, previousSecret] : [secret]
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': secrets.map((key) => standardSignature(id, timestampSeconds, body, key)).join(' '),
  }
}
