import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { Storage } from '../storage/storage'

export type Unsubscription = { ruleIds: string[]; recipient: string }

/** HMAC under a key kept in the database, so a link any process made is honoured by every other; no login. */
export function createUnsubscribeTokens(secrets: Pick<Storage['secrets'], 'shared'>) {
  let key: Promise<Buffer> | undefined
  const keyOnce = () => {
    key ??= secrets
      .shared('alert_unsubscribe', randomBytes(32).toString('hex'))
      .then((hex) => Buffer.from(hex, 'hex'))
      .catch((error: unknown) => {
        key = undefined
        throw error
      })
    return key
  }
  const sign = async (payload: string) =>
    createHmac('sha256', await keyOnce())
      .update(payload)
      .digest('base64url')
  return {
    async token({ ruleIds, recipient }: Unsubscription) {
      const payload = Buffer.from(JSON.stringify([ruleIds, recipient.toLowerCase()])).toString('base64url')
      return `${payload}.${await sign(payload)}`
    },
    /** Undefined for anything not signed here. */
    async read(token: string): Promise<Unsubscription | undefined> {
      const [payload, signature, extra] = token.split('.')
      if (!payload || !signature || extra !== undefined) return undefined
      const expected = Buffer.from(await sign(payload))
      const given = Buffer.from(signature)
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined
      try {
        const [ruleIds, recipient] = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'))
        if (!Array.isArray(ruleIds) || typeof recipient !== 'string') return undefined
        return { ruleIds: ruleIds.map(String), recipient }
      } catch {
        return undefined
      }
    },
  }
}
export type UnsubscribeTokens = ReturnType<typeof createUnsubscribeTokens>
