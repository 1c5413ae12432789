import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DATABASE_KINDS } from '../support/databases'
import { type Service, startService } from './harness'
import { browserOn, PASSWORD } from './people-browser'

const invite = async (service: Service, email: string) => {
  const made = await service.call('POST', '/v2/invitations', {
    body: JSON.stringify({ data: { type: 'invitation', attributes: { email, role: 'viewer' } } }),
  })
  expect(made.status).toBe(201)
  return new URL(made.body.data.attributes.accept_url).pathname.split('/').at(-1)!
}

describe.each(DATABASE_KINDS)('two people taking one email at once (%s)', (kind) => {
  let service: Service
  beforeAll(async () => {
    service = await startService(kind, { gateway: true, shipments: 1 })
  })
  afterAll(() => service?.stop())

  it('accepts one of two invitations for the same email and answers the other 409 in words', async () => {
    const email = `twice-${Date.now()}@example.com`
    const tokens = [await invite(service, email), await invite(service, email)]
    const answers = await Promise.all(
      tokens.map((token) =>
        browserOn(service).send('POST', `/session/invitations/${token}`, {
          first_name: 'Pat',
          password: PASSWORD,
        }),
      ),
    )
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
    const refused = answers.find((answer) => answer.status === 409)!
    expect(refused.body.errors[0]).toMatchObject({
      code: 'email_taken',
      source: { pointer: '/email' },
      detail: expect.stringContaining(`${email} can already sign in`),
    })
    // the refused invitation was not spent: the transaction rolled back
    const listed = await service.call('GET', '/v2/users?page[size]=100')
    expect(
      listed.body.data.filter((user: { attributes: { email: string } }) => user.attributes.email === email),
    ).toHaveLength(1)
  })

  it('answers 409 to an invitation for an email that can already sign in', async () => {
    const email = `taken-${Date.now()}@example.com`
    const token = await invite(service, email)
    expect(
      (await browserOn(service).send('POST', `/session/invitations/${token}`, { first_name: 'Pat' })).status,
    ).toBe(200)
    const again = await service.call('POST', '/v2/invitations', {
      body: JSON.stringify({ data: { type: 'invitation', attributes: { email, role: 'viewer' } } }),
    })
    expect(again.status).toBe(409)
    expect(again.body.errors[0]).toMatchObject({
      code: 'email_taken',
      source: { pointer: '/data/attributes/email' },
    })
  })
})
