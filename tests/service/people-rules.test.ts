import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DATABASE_KINDS } from '../support/databases'
import { OTHER_KEY, type Service, startService } from './harness'
import { browserOn, invitedPerson, PASSWORD } from './people-browser'

const HOUR = 60 * 60 * 1000
const roleBody = (role: string) => JSON.stringify({ data: { type: 'user', attributes: { role } } })

describe.each(DATABASE_KINDS)('who may change whom, and links that end (%s)', (kind) => {
  let service: Service
  beforeAll(async () => {
    service = await startService(kind, { gateway: true, shipments: 2 })
  })
  afterAll(() => service?.stop())

  it('never lets the last owner be demoted or removed', async () => {
    // the second account: its only owner is its demo person until one is invited
    const owner = await invitedPerson(service, 'owner', { key: OTHER_KEY })
    const people = (await service.get('/v2/users', OTHER_KEY)).body.data as {
      id: string
      attributes: { role: string }
    }[]
    const demoOwner = people.find((p) => p.id !== owner.id && p.attributes.role === 'owner')!
    // the demo's person is every visitor's and no route demotes them: the test leaves one owner by hand
    expect(
      (await owner.browser.send('PATCH', `/v2/users/${demoOwner.id}`, JSON.parse(roleBody('admin')))).status,
    ).toBe(403)
    await service.storage.db.execute(sql`update users set role = 'admin' where id = ${demoOwner.id}`)
    const demote = await owner.browser.send('PATCH', `/v2/users/${owner.id}`, JSON.parse(roleBody('admin')))
    expect(demote).toMatchObject({
      status: 422,
      body: { errors: [{ code: 'last_owner', source: { pointer: '/data/attributes/role' } }] },
    })
    const remove = await service.call('DELETE', `/v2/users/${owner.id}`, { key: OTHER_KEY })
    expect(remove).toMatchObject({
      status: 422,
      body: { errors: [{ code: 'last_owner', source: { pointer: '' } }] },
    })
    expect((await service.get(`/v2/users/${owner.id}`, OTHER_KEY)).body.data.attributes.role).toBe('owner')
  })

  it('refuses an admin making an owner, by role change or invitation', async () => {
    const admin = await invitedPerson(service, 'admin')
    const viewer = await invitedPerson(service, 'viewer')
    const promote = await admin.browser.send('PATCH', `/v2/users/${viewer.id}`, JSON.parse(roleBody('owner')))
    expect(promote).toMatchObject({ status: 403, body: { errors: [{ code: 'role_forbidden' }] } })
    const invite = await admin.browser.send('POST', '/v2/invitations', {
      data: { type: 'invitation', attributes: { email: 'would-be-owner@example.com', role: 'owner' } },
    })
    expect(invite.status).toBe(403)
    expect(
      (await admin.browser.send('PATCH', `/v2/users/${viewer.id}`, JSON.parse(roleBody('operator')))).status,
    ).toBe(200)
  })

  it('asks a customer invitation for a party of the account', async () => {
    const made = await service.call('POST', '/v2/invitations', {
      body: JSON.stringify({
        data: { type: 'invitation', attributes: { email: 'cust@example.com', role: 'customer' } },
      }),
    })
    expect(made).toMatchObject({
      status: 422,
      body: { errors: [{ source: { pointer: '/data/attributes/party_id' } }] },
    })
    const otherParty = (await service.get('/v2/parties?page[size]=1', OTHER_KEY)).body.data[0].id
    const foreign = await service.call('POST', '/v2/invitations', {
      body: JSON.stringify({
        data: {
          type: 'invitation',
          attributes: { email: 'cust@example.com', role: 'customer', party_id: otherParty },
        },
      }),
    })
    expect(foreign.status).toBe(422)
  })

  it('lets a reset link set a password once, signing out every other session', async () => {
    const { email, browser, id } = await invitedPerson(service, 'operator')
    const reset = await service.call('POST', `/v2/users/${id}/password_reset`)
    expect(reset.status).toBe(201)
    const token = reset.body.data.attributes.reset_url.split('/').at(-1)
    const visitor = browserOn(service)
    expect((await visitor.send('GET', `/session/password-resets/${token}`)).body).toEqual({ email })
    const used = await visitor.send('POST', `/session/password-resets/${token}`, {
      password: 'a brand new passphrase',
    })
    expect(used.status).toBe(200)
    expect(used.body.user).toMatchObject({ id, email })
    expect((await browser.send('GET', '/v2/shipments?page[size]=1')).status).toBe(401)
    expect((await visitor.send('GET', '/v2/shipments?page[size]=1')).status).toBe(200)
    const again = await browserOn(service).send('POST', `/session/password-resets/${token}`, {
      password: PASSWORD,
    })
    expect(again).toMatchObject({ status: 410, body: { errors: [{ code: 'password_reset_used' }] } })
    expect((await browserOn(service).signIn(email)).status).toBe(401)
    expect((await browserOn(service).signIn(email, 'a brand new passphrase')).status).toBe(200)
  })

  // last: they move the clock past the links' lives
  it('ends a reset link after an hour and an invitation after 7 days (410)', async () => {
    const { id } = await invitedPerson(service, 'viewer')
    const reset = await service.call('POST', `/v2/users/${id}/password_reset`)
    const resetToken = reset.body.data.attributes.reset_url.split('/').at(-1)
    const made = await service.call('POST', '/v2/invitations', {
      body: JSON.stringify({
        data: { type: 'invitation', attributes: { email: 'late@example.com', role: 'viewer' } },
      }),
    })
    const inviteToken = made.body.data.attributes.accept_url.split('/').at(-1)
    service.advance(HOUR)
    const expiredReset = await browserOn(service).send('GET', `/session/password-resets/${resetToken}`)
    expect(expiredReset).toMatchObject({
      status: 410,
      body: { errors: [{ code: 'password_reset_expired' }] },
    })
    expect((await browserOn(service).send('GET', `/session/invitations/${inviteToken}`)).status).toBe(200)
    service.advance(7 * 24 * HOUR)
    const late = await browserOn(service).send('POST', `/session/invitations/${inviteToken}`, {
      first_name: 'Late',
      password: PASSWORD,
    })
    expect(late).toMatchObject({ status: 410, body: { errors: [{ code: 'invitation_expired' }] } })
  })
})

describe('failed sign-ins are limited (credential stuffing)', () => {
  let service: Service
  beforeAll(async () => {
    service = await startService('pglite', {
      gateway: true,
      shipments: 2,
      trustProxy: true,
      gatewayLimits: {
        authFailuresPerMinute: 4,
        sessionStartsPerMinute: 1000,
        emailFailuresPerMinute: 3,
        accountFailuresPerMinute: 6,
      },
    })
  })
  afterAll(() => service?.stop())

  const tooMany = (answer: { status: number; headers: Headers }) => {
    expect(answer.status).toBe(429)
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0)
  }

  it('per client address, whatever the emails', async () => {
    const from = browserOn(service, '198.51.100.1')
    for (let i = 0; i < 4; i++)
      expect((await from.signIn(`nobody${i}@example.com`, 'wrong passphrase')).status).toBe(401)
    tooMany(await from.signIn('nobody-else@example.com', 'wrong passphrase'))
    expect(
      (await browserOn(service, '198.51.100.2').signIn('nobody9@example.com', 'wrong passphrase')).status,
    ).toBe(401)
  })

  it('per email address, from any number of addresses, even with the right password after', async () => {
    // a domain of its own: an email's domain is counted too
    const { email } = await invitedPerson(service, 'viewer', { email: 'pat@per-email.example' })
    for (let i = 0; i < 3; i++)
      expect((await browserOn(service, `203.0.113.${i}`).signIn(email, 'wrong passphrase')).status).toBe(401)
    tooMany(await browserOn(service, '203.0.113.50').signIn(email))
  })

  it("per account, across its people's emails, never refusing a right password", async () => {
    // the second account, which no other test here failed against; each email of a domain of its own
    let made = 0
    const invite = async () =>
      (await invitedPerson(service, 'viewer', { key: OTHER_KEY, email: `p@account-${++made}.example` })).email
    const emails = [await invite(), await invite(), await invite()]
    let n = 0
    for (const email of emails)
      for (let i = 0; i < 2; i++)
        expect((await browserOn(service, `192.0.2.${++n}`).signIn(email, 'wrong passphrase')).status).toBe(
          401,
        )
    const last = await invite()
    tooMany(await browserOn(service, '192.0.2.99').signIn(last, 'wrong passphrase'))
    expect((await browserOn(service, '192.0.2.100').signIn(last)).status).toBe(200)
  })
})
