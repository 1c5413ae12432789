import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SessionSchema } from '../../src/contract/session'
import { DATABASE_KINDS } from '../support/databases'
import { type Service, startService } from './harness'
import { browserOn, invitedPerson, PASSWORD } from './people-browser'

describe.each(DATABASE_KINDS)('people signing in through the gateway (%s)', (kind) => {
  let service: Service
  beforeAll(async () => {
    service = await startService(kind, { gateway: true, shipments: 2 })
  })
  afterAll(() => service?.stop())

  it('invites a viewer, who accepts with a password, signs in, and acts as a viewer', async () => {
    const { email, token, browser, id } = await invitedPerson(service, 'viewer')
    const shown = await browserOn(service).send('GET', `/session/invitations/${token}`)
    expect(shown).toMatchObject({ status: 410, body: { errors: [{ code: 'invitation_used' }] } })
    const me = await browser.send('GET', '/v2/users/me')
    expect(me.body.data).toMatchObject({ id, attributes: { email, role: 'viewer', has_password: true } })

    const later = browserOn(service)
    const signedIn = await later.signIn(email.toUpperCase())
    expect(signedIn.status).toBe(200)
    expect(SessionSchema.parse(signedIn.body)).toMatchObject({
      signedIn: true,
      demo: false,
      user: { id, email, role: 'viewer', name: 'Pat' },
    })
    expect((await later.send('GET', '/session')).body.user).toMatchObject({ id, role: 'viewer' })
    expect((await later.send('GET', '/v2/shipments?page[size]=1')).status).toBe(200)
    const write = await later.send('POST', '/v2/parties', {
      data: { type: 'party', attributes: { company_name: 'X' } },
    })
    expect(write.status).toBe(403)
  })

  it('shows a pending invitation to whoever holds its link', async () => {
    const made = await service.call('POST', '/v2/invitations', {
      body: JSON.stringify({
        data: {
          type: 'invitation',
          attributes: { email: 'shown@example.com', role: 'operator', first_name: 'Sho' },
        },
      }),
    })
    const token = made.body.data.attributes.accept_url.split('/').at(-1)
    const shown = await browserOn(service).send('GET', `/session/invitations/${token}`)
    expect(shown).toMatchObject({
      status: 200,
      body: { email: 'shown@example.com', role: 'operator', first_name: 'Sho', last_name: null },
    })
    expect(shown.body.account_name).toEqual(expect.any(String))
    expect((await browserOn(service).send('GET', '/session/invitations/no-such-token')).status).toBe(404)
  })

  it('answers a wrong password and an unknown email alike', async () => {
    const { email } = await invitedPerson(service, 'operator')
    const wrong = await browserOn(service).signIn(email, 'not the right passphrase')
    const unknown = await browserOn(service).signIn('nobody-here@example.com', 'not the right passphrase')
    expect(wrong.status).toBe(401)
    expect(unknown.status).toBe(401)
    expect(wrong.body).toEqual(unknown.body)
    expect(wrong.body.errors[0]).toMatchObject({
      code: 'invalid_credentials',
      source: { pointer: '/password' },
    })
    expect(wrong.headers.get('set-cookie')).toBeNull()
  })

  it('never keeps the session id the browser came with (session fixation)', async () => {
    const { email } = await invitedPerson(service, 'operator')
    const browser = browserOn(service)
    // a key sign-in first, as an attacker could plant
    await browser.send('POST', '/session', { apiKey: 'service-test-key-000' })
    const planted = browser.cookie
    expect(planted).toMatch(/^quayside_session=/)
    await browser.signIn(email)
    expect(browser.cookie).not.toBe(planted)
    const old = browserOn(service)
    old.cookie = planted
    expect((await old.send('GET', '/session')).body.signedIn).toBe(false)
    expect((await old.send('GET', '/v2/shipments?page[size]=1')).status).toBe(401)
  })

  it("stops a removed person's session and key at once, in this process", async () => {
    const { browser, id } = await invitedPerson(service, 'operator')
    const key = (
      await service.storage.db.execute<{ id: string }>(sql`select id from api_keys where user_id = ${id}`)
    ).rows
    expect(key.length).toBeGreaterThan(0)
    expect((await browser.send('GET', '/v2/shipments?page[size]=1')).status).toBe(200)
    expect((await service.call('DELETE', `/v2/users/${id}`)).status).toBe(204)
    expect((await browser.send('GET', '/v2/shipments?page[size]=1')).status).toBe(401)
    expect((await browser.send('GET', '/session')).body).toMatchObject({ signedIn: false, user: null })
    expect((await service.get(`/v2/users/${id}`)).status).toBe(404)
  })

  it('takes a role change at once, and records it with who made it', async () => {
    const { browser, id } = await invitedPerson(service, 'operator')
    const party = { data: { type: 'party', attributes: { company_name: `Role ${Date.now()}` } } }
    expect((await browser.send('POST', '/v2/parties', party)).status).toBe(201)
    const demoted = await service.call('PATCH', `/v2/users/${id}`, {
      body: JSON.stringify({ data: { type: 'user', attributes: { role: 'viewer' } } }),
    })
    expect(demoted.status).toBe(200)
    expect((await browser.send('POST', '/v2/parties', party)).status).toBe(403)
    const { rows } = await service.storage.db.execute(
      sql`select * from audit_events where target_id = ${id} and action = 'user.role_changed'`,
    )
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      actor_kind: 'key',
      before: { role: 'operator' },
      after: { role: 'viewer' },
    })
  })

  it('signs the person out of every session at sign out everywhere', async () => {
    const { email, browser } = await invitedPerson(service, 'operator')
    const other = browserOn(service)
    await other.signIn(email)
    expect((await browser.send('POST', '/session/sign-out-everywhere', {})).status).toBe(204)
    expect((await other.send('GET', '/v2/shipments?page[size]=1')).status).toBe(401)
    expect((await browser.send('GET', '/v2/shipments?page[size]=1')).status).toBe(401)
  })

  it('changes a password with the current one, signing out the other sessions only', async () => {
    const { email, browser } = await invitedPerson(service, 'operator')
    const other = browserOn(service)
    await other.signIn(email)
    const wrong = await browser.send('POST', '/session/password', {
      current_password: 'not it at all, no',
      new_password: 'another long passphrase',
    })
    expect(wrong).toMatchObject({
      status: 401,
      body: { errors: [{ source: { pointer: '/current_password' } }] },
    })
    const changed = await browser.send('POST', '/session/password', {
      current_password: PASSWORD,
      new_password: 'another long passphrase',
    })
    expect(changed.status).toBe(204)
    expect((await browser.send('GET', '/v2/shipments?page[size]=1')).status).toBe(200)
    expect((await other.send('GET', '/v2/shipments?page[size]=1')).status).toBe(401)
    expect((await browserOn(service).signIn(email)).status).toBe(401)
    expect((await browserOn(service).signIn(email, 'another long passphrase')).status).toBe(200)
  })

  it('refuses a revoked invitation with 410 and its code', async () => {
    const made = await service.call('POST', '/v2/invitations', {
      body: JSON.stringify({
        data: { type: 'invitation', attributes: { email: 'revoked@example.com', role: 'viewer' } },
      }),
    })
    const token = made.body.data.attributes.accept_url.split('/').at(-1)
    expect(
      (await service.call('POST', `/v2/invitations/${made.body.data.id}/revoke`)).body.data.attributes.state,
    ).toBe('revoked')
    const browser = browserOn(service)
    const accepted = await browser.send('POST', `/session/invitations/${token}`, {
      first_name: 'R',
      password: PASSWORD,
    })
    expect(accepted).toMatchObject({ status: 410, body: { errors: [{ code: 'invitation_revoked' }] } })
    expect((await browser.send('GET', `/session/invitations/${token}`)).status).toBe(410)
  })

  it('keeps no token, password or session key in clear', async () => {
    const { token, browser, id } = await invitedPerson(service, 'operator')
    const reset = await service.call('POST', `/v2/users/${id}/password_reset`)
    const resetToken = reset.body.data.attributes.reset_url.split('/').at(-1)
    const sessionId = decodeURIComponent(browser.cookie.split('=')[1])
    const tables = ['users', 'invitations', 'password_resets', 'api_keys', 'sessions', 'audit_events']
    const stored = JSON.stringify(
      await Promise.all(
        tables.map(async (t) => (await service.storage.db.execute(sql.raw(`select * from ${t}`))).rows),
      ),
    )
    for (const secret of [token, resetToken, sessionId, PASSWORD]) expect(stored).not.toContain(secret)
    expect(stored).toContain('$argon2id$')
  })
})
