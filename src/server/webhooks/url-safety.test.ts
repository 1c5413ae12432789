import { describe, expect, it } from 'vitest'
import { parseAllowlist, webhookUrlProblem } from './url-safety'

const none = parseAllowlist([])
const resolveTo = (address: string) => async () => [address]

describe('webhook URL safety', () => {
  it.each([
    'http://127.0.0.1:9000/hook',
    'http://10.0.0.5/hook',
    'http://169.254.169.254/latest/meta-data',
    'http://[::1]/hook',
    'http://192.168.1.10/hook',
  ])('refuses %s', async (url) => {
    expect(await webhookUrlProblem(url, none)).toMatch(/private or internal/)
  })

  it('refuses a name that resolves to a private address', async () => {
    expect(await webhookUrlProblem('https://hooks.internal.example/x', none, resolveTo('10.1.1.1'))).toMatch(
      /10\.1\.1\.1/,
    )
  })

  it('accepts a public address and an allowlisted loopback', async () => {
    expect(
      await webhookUrlProblem('https://hooks.example.com/x', none, resolveTo('93.184.216.34')),
    ).toBeUndefined()
    expect(
      await webhookUrlProblem('http://127.0.0.1:9000/hook', parseAllowlist(['127.0.0.0/8'])),
    ).toBeUndefined()
  })

  it('refuses other schemes and credentials in the URL', async () => {
    expect(await webhookUrlProblem('ftp://93.184.216.34/x', none)).toMatch(/https or http/)
    expect(await webhookUrlProblem('https://a:b@93.184.216.34/x', none)).toMatch(/password/)
  })
})
