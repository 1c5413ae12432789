import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { checkSignature } from './signature-check'

const sign = (secret: string, content: string) =>
  `v1,${createHmac('sha256', Buffer.from(secret)).update(content).digest('base64')}`

describe('the browser signature checker', () => {
  const input = { secret: 'abc123', id: 'msg_1', timestamp: '1700000000', body: '{"a":"é"}' }

  it('matches the signature the service sends, and shows the exact text signed', async () => {
    const signatureHeader = sign('abc123', 'msg_1.1700000000.{"a":"é"}')
    const result = await checkSignature({ ...input, signatureHeader })
    expect(result).toEqual({
      signedContent: 'msg_1.1700000000.{"a":"é"}',
      expected: signatureHeader,
      matches: true,
    })
  })

  it('accepts either of two signatures sent during a rotation', async () => {
    const both = `${sign('other', 'x')} ${sign('abc123', 'msg_1.1700000000.{"a":"é"}')}`
    expect((await checkSignature({ ...input, signatureHeader: both })).matches).toBe(true)
  })

  it('refuses a body changed by one character', async () => {
    const signatureHeader = sign('abc123', 'msg_1.1700000000.{"a":"é"}')
    expect((await checkSignature({ ...input, body: '{"a":"e"}', signatureHeader })).matches).toBe(false)
  })
})
