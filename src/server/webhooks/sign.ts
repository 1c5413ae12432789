import { createHmac } from 'node:crypto'

export const t49Signature = (body: string, secret: string) =>
  createHmac('sha256', secret).update(body).digest('hex')

type Key = string | Uint8Array

const standardSignature = (id: string, timestampSeconds: number, body: string, key: Key) =>
  `v1,${createHmac('sha256', typeof key === 'string' ? Buffer.from(key, 'utf8') : key)
    .update(`${id}.${timestampSeconds}.${body}`)
    .digest('base64')}`

/** standardwebhooks.com: the key is the secret's UTF-8 bytes (`whsec_` + base64); after a rotation both sign. */
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
