import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { retryDelayMs } from './backoff'
import { standardWebhookHeaders, t49Signature } from './sign'

describe('webhook signatures', () => {
  it('signs the raw body with the secret as hex HMAC-SHA256', () => {
    expect(t49Signature('{"a":1}', 'secret')).toBe(
      createHmac('sha256', 'secret').update('{"a":1}').digest('hex'),
    )
    expect(t49Signature('{"a":1}', 'secret')).not.toBe(t49Signature('{"a": 1}', 'secret'))
  })

  it('signs id, timestamp and body the Standard Webhooks way', () => {
    const headers = standardWebhookHeaders('msg_1', 1_700_000_000, '{"a":1}', 'secret')
    const expected = createHmac('sha256', Buffer.from('secret'))
      .update('msg_1.1700000000.{"a":1}')
      .digest('base64')
    expect(headers).toEqual({
      'webhook-id': 'msg_1',
      'webhook-timestamp': '1700000000',
      'webhook-signature': `v1,${expected}`,
    })
  })
})

describe('signatures during a secret rotation', () => {
  it('sends one Standard Webhooks signature per live secret, the new one first', () => {
    const sign = (key: string) =>
      `v1,${createHmac('sha256', Buffer.from(key)).update('msg_1.1700000000.{}').digest('base64')}`
    expect(standardWebhookHeaders('msg_1', 1_700_000_000, '{}', 'new', 'old')['webhook-signature']).toBe(
      `${sign('new')} ${sign('old')}`,
    )
    expect(standardWebhookHeaders('msg_1', 1_700_000_000, '{}', 'new', null)['webhook-signature']).toBe(
      sign('new'),
    )
  })
})

describe('the Standard Webhooks known-answer vector', () => {
  // published with the specification (standard-webhooks/standard-webhooks, libraries' shared test case)
  const SIGNING_SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'
  const vector = ['msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}'] as const

  it("reproduces the specification's signature from its signing secret", () => {
    const key = Buffer.from(SIGNING_SECRET.slice('whsec_'.length), 'base64')
    expect(standardWebhookHeaders(...vector, key)['webhook-signature']).toBe(
      'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    )
  })

  it('signs with a text secret exactly as with the whsec_ secret made of its UTF-8 bytes', () => {
    const secret = 'a webhook secret'
    const key = Buffer.from(`whsec_${Buffer.from(secret).toString('base64')}`.slice(6), 'base64')
    expect(standardWebhookHeaders(...vector, secret)).toEqual(standardWebhookHeaders(...vector, key))
    expect(standardWebhookHeaders(...vector, secret)['webhook-signature']).not.toBe(
      'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    )
  })
})

describe('retry backoff', () => {
  it('doubles from 15 seconds, with jitter in the upper half, up to six hours', () => {
    expect(retryDelayMs(1, () => 0)).toBe(7_500)
    expect(retryDelayMs(1, () => 1)).toBe(15_000)
    expect(retryDelayMs(4, () => 1)).toBe(120_000)
    expect(retryDelayMs(12, () => 1)).toBe(6 * 3_600_000)
    expect(retryDelayMs(12, () => 0)).toBe(3 * 3_600_000)
  })
})
