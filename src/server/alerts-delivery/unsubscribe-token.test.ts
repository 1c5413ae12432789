import { describe, expect, it } from 'vitest'
import { createUnsubscribeTokens } from './unsubscribe-token'

const secrets = { shared: async (_name: string, candidate: string) => candidate }
const RULE = '6f1c2a52-0d7e-4a43-9a8f-3b0d2c1e9a10'

describe('unsubscribe tokens', () => {
  it('reads back the rules and the lower-cased address it was made for', async () => {
    const tokens = createUnsubscribeTokens(secrets)
    const token = await tokens.token({ ruleIds: [RULE], recipient: 'Ana@Example.com' })
    expect(await tokens.read(token)).toEqual({ ruleIds: [RULE], recipient: 'ana@example.com' })
  })

  it('refuses a token whose address or signature was changed, or one signed under another key', async () => {
    const tokens = createUnsubscribeTokens(secrets)
    const token = await tokens.token({ ruleIds: [RULE], recipient: 'ana@example.com' })
    const [, signature] = token.split('.')
    const other = Buffer.from(JSON.stringify([[RULE], 'bob@example.com'])).toString('base64url')
    expect(await tokens.read(`${other}.${signature}`)).toBeUndefined()
    expect(await tokens.read(`${token}x`)).toBeUndefined()
    expect(await tokens.read(token.replace('.', '..'))).toBeUndefined()
    expect(await createUnsubscribeTokens(secrets).read(token)).toBeUndefined()
  })
})
