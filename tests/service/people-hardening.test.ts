import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DATABASE_KINDS } from '../support/databases'
import { KEY, NOW, OTHER_KEY, type Service, startService } from './harness'
import { browserOn, invitedPerson, PASSWORD } from './people-browser'

const userBody = (attributes: Record<string, unknown>) => ({ data: { type: 'user', attributes } })

describe.each(DATABASE_KINDS)('people, after the security review (%s)', (kind) => {
  let service: Service
  beforeAll(async () => {
    service = await startService(kind, { gateway: true, shipments: 12 })
  })
  afterAll(() => service?.stop())

  it("never lets an admin reset, rename or revoke an owner's, nor reset another admin", async () => {
    const owner = await invitedPerson(service, 'owner')
    const admin = await invitedPerson(service, 'admin')
    const otherAdmin = await invitedPerson(service, 'admin')
    const viewer = await invitedPerson(service, 'viewer')
    const reset = await admin.browser.send('POST', `/v2/users/${owner.id}/password_reset`, {})
    expect(reset).toMatchObject({ status: 403, body: { errors: [{ code: 'role_forbidden' }] } })
    expect(reset.body.errors[0].detail).toMatch(/owner/i)
    expect((await admin.browser.send('POST', `/v2/users/${otherAdmin.id}/password_reset`, {})).status).toBe(
      403,
    )
    expect((await admin.browser.send('POST', `/v2/users/${viewer.id}/password_reset`, {})).status).toBe(201)
    expect((await owner.browser.send('POST', `/v2/users/${otherAdmin.id}/password_reset`, {})).status).toBe(
      201,
    )
    const rename = await admin.browser.send(
      'PATCH',
      `/v2/users/${owner.id}`,
      userBody({ first_name: 'Mallory' }),
    )
    expect(rename).toMatchObject({ status: 403, body: { errors: [{ code: 'role_forbidden' }] } })
    const zone = await admin.browser.send(
      'PATCH',
      `/v2/users/${owner.id}`,
      userBody({ time_zone: 'Asia/Tokyo' }),
    )
    expect(zone.status).toBe(403)
    expect((await service.get(`/v2/users/${owner.id}`)).body.data.attributes.first_name).toBe('Pat')
    const made = await service.call('POST', '/v2/invitations', {
      body: JSON.stringify({
        data: { type: 'invitation', attributes: { email: `owner-${Date.now()}@example.com`, role: 'owner' } },
      }),
    })
    const revoke = await admin.browser.send('POST', `/v2/invitations/${made.body.data.id}/revoke`, {})
    expect(revoke).toMatchObject({ status: 403, body: { errors: [{ code: 'role_forbidden' }] } })
  })
  it('shows a viewer only the trail of what they read, without addresses, and no webhook query string', async () => {
    const operator = await invitedPerson(service, 'operator')
    const viewer = await invitedPerson(service, 'viewer')
    const shipmentId = (await service.get('/v2/shipments?page[size]=1')).body.data[0].id
    const tagged = await operator.browser.send('PATCH', `/v2/shipments/${shipmentId}`, {
      data: { type: 'shipment', attributes: { tags: ['reviewed'] } },
    })
    expect(tagged.status).toBe(200)
    const hook = await service.call('POST', '/v2/webhooks', {
      body: JSON.stringify({
        data: {
          type: 'webhook',
          attributes: {
            url: 'https://93.184.216.34/hooks?token=receiver-credential',
            events: ['tracking_request.failed'],
          },
        },
      }),
    })
    expect(hook.status).toBe(201)
    const all = (await service.get('/v2/audit_events?page[size]=100')).body
    expect(JSON.stringify(all)).not.toContain('receiver-credential')
    const hookEvent = all.data.find(
      (e: { attributes: { target_type: string } }) => e.attributes.target_type === 'webhook',
    )
    expect(hookEvent.attributes.target_label).toBe('https://93.184.216.34/hooks?…')
    const shipmentEvent = (
      await service.get(`/v2/audit_events?filter[target_type]=shipment&filter[target_id]=${shipmentId}`)
    ).body.data[0]
    expect(shipmentEvent.attributes.address).toBeTruthy()
    const seen = await viewer.browser.send('GET', '/v2/audit_events?page[size]=100')
    expect(seen.status).toBe(200)
    const types = new Set<string>(
      seen.body.data.map((e: { attributes: { target_type: string } }) => e.attributes.target_type),
    )
    expect(
      [...types].filter(
        (t) => !['shipment', 'container', 'tracking_request', 'document', 'user'].includes(t),
      ),
    ).toEqual([])
    expect(
      seen.body.data.filter(
        (e: { attributes: { target_type: string; target_id: string } }) =>
          e.attributes.target_type === 'user' && e.attributes.target_id !== viewer.id,
      ),
    ).toEqual([])
    const history = await viewer.browser.send(
      'GET',
      `/v2/audit_events?filter[target_type]=shipment&filter[target_id]=${shipmentId}`,
    )
    expect(history.body.data[0]).toMatchObject({
      id: shipmentEvent.id,
      attributes: { address: null, action: 'shipment.updated' },
    })
  })
  it("ends an admin's View as when they are demoted, and revokes its key", async () => {
    const admin = await invitedPerson(service, 'admin')
    const viewer = await invitedPerson(service, 'viewer')
    expect((await admin.browser.send('POST', '/session/view-as', { user_id: viewer.id })).status).toBe(200)
    expect((await admin.browser.send('GET', '/v2/users/me')).body.data.id).toBe(viewer.id)
    const demoted = await service.call('PATCH', `/v2/users/${admin.id}`, {
      body: JSON.stringify(userBody({ role: 'operator' })),
    })
    expect(demoted.status).toBe(200)
    expect((await admin.browser.send('GET', '/v2/users/me')).body.data.id).toBe(admin.id)
    const { rows } = await service.storage.db.execute<{ n: number }>(
      sql`select count(*)::int as n from api_keys where user_id = ${viewer.id} and kind = 'session'
          and scope = 'read' and revoked_at is null`,
    )
    expect(rows[0].n).toBe(0)
  })
  it('revokes the invitations of an admin demoted or removed, and checks the inviter at acceptance', async () => {
    const admin = await invitedPerson(service, 'admin')
    const invite = async (by: typeof admin, role: string) => {
      const made = await by.browser.send('POST', '/v2/invitations', {
        data: {
          type: 'invitation',
          attributes: { email: `by-admin-${role}-${Date.now()}@example.com`, role },
        },
      })
      expect(made.status).toBe(201)
      return {
        id: made.body.data.id as string,
        token: made.body.data.attributes.accept_url.split('/').at(-1),
      }
    }
    const accept = (token: string) =>
      browserOn(service).send('POST', `/session/invitations/${token}`, {
        first_name: 'Late',
        password: PASSWORD,
      })
    const asAdmin = await invite(admin, 'admin')
    const demoted = await service.call('PATCH', `/v2/users/${admin.id}`, {
      body: JSON.stringify(userBody({ role: 'operator' })),
    })
    expect(demoted.status).toBe(200)
    expect(await accept(asAdmin.token)).toMatchObject({
      status: 410,
      body: { errors: [{ code: 'invitation_revoked' }] },
    })
    const revoked = await service.get(
      `/v2/audit_events?filter[target_type]=invitation&filter[target_id]=${asAdmin.id}`,
    )
    expect(revoked.body.data[0].attributes).toMatchObject({
      action: 'invitation.revoked',
      after: { state: 'revoked', reason: 'inviter_demoted' },
    })

    const leaving = await invitedPerson(service, 'admin')
    const byLeaving = await invite(leaving, 'viewer')
    expect((await service.call('DELETE', `/v2/users/${leaving.id}`)).status).toBe(204)
    expect((await accept(byLeaving.token)).status).toBe(410)

    // a change the routes did not see (another version, a hand edit): acceptance checks the inviter itself
    const unseen = await invitedPerson(service, 'admin')
    const byUnseen = await invite(unseen, 'admin')
    await service.storage.db.execute(sql`update users set role = 'viewer' where id = ${unseen.id}`)
    expect(await accept(byUnseen.token)).toMatchObject({
      status: 410,
      body: { errors: [{ code: 'invitation_revoked' }] },
    })
  })
  it('records a party made and renamed, a document uploaded and an email submitted', async () => {
    const events = async (type: string, id: string) =>
      (
        await service.get(`/v2/audit_events?filter[target_type]=${type}&filter[target_id]=${id}`)
      ).body.data.map((e: { attributes: unknown }) => e.attributes)
    const party = (company_name: string) =>
      JSON.stringify({ data: { type: 'party', attributes: { company_name } } })
    const made = await service.call('POST', '/v2/parties', { body: party(`Audited Freight ${Date.now()}`) })
    expect(made.status).toBe(201)
    const partyId = made.body.data.id
    const renamed = await service.call('PATCH', `/v2/parties/${partyId}`, {
      body: party('Audited Freight Co'),
    })
    expect(renamed.status).toBe(200)
    expect(await events('party', partyId)).toMatchObject([
      { action: 'party.updated', after: { company_name: 'Audited Freight Co' } },
      { action: 'party.created', before: null },
    ])
    const form = new FormData()
    form.set('file', new Blob([`%PDF-1.4 ${randomUUID()}`], { type: 'application/pdf' }), 'audited.pdf')
    const upload = await fetch(`${service.baseUrl}/v2/documents`, {
      method: 'POST',
      headers: { Authorization: `Token ${KEY}`, origin: service.baseUrl },
      body: form,
    })
    expect(upload.status).toBe(201)
    const documentId = ((await upload.json()) as { data: { id: string } }).data.id
    expect(await events('document', documentId)).toMatchObject([
      { action: 'document.uploaded', actor_kind: 'key' },
    ])
    const raw = `From: docs@line.example\r\nTo: someone@example.com\r\nSubject: Audited\r\nMessage-ID: <${randomUUID()}@line.example>\r\n\r\nHello\r\n`
    const submitted = await service.call('POST', '/v2/email_submissions', {
      body: raw,
      headers: { 'Content-Type': 'message/rfc822' },
    })
    expect(submitted.status).toBe(201)
    expect(await events('email_submission', submitted.body.data.id)).toMatchObject([
      { action: 'email_submission.created', actor_kind: 'key' },
    ])
  })
  it("revokes a person's personal keys when a reset link sets their password", async () => {
    const person = await invitedPerson(service, 'operator')
    const made = await person.browser.send('POST', '/v2/api_keys', {
      data: { type: 'api_key', attributes: { name: 'laptop script', role: 'viewer' } },
    })
    expect(made.status).toBe(201)
    const token = made.body.data.attributes.token
    expect((await service.get('/v2/shipments?page[size]=1', token)).status).toBe(200)
    const reset = await service.call('POST', `/v2/users/${person.id}/password_reset`)
    const resetToken = reset.body.data.attributes.reset_url.split('/').at(-1)
    const used = await browserOn(service).send('POST', `/session/password-resets/${resetToken}`, {
      password: 'a brand new passphrase',
    })
    expect(used.status).toBe(200)
    service.advance(6_000) // past the time a person's key is cached
    expect((await service.get('/v2/shipments?page[size]=1', token)).status).toBe(401)
    const events = await service.get(
      `/v2/audit_events?filter[target_type]=api_key&filter[target_id]=${made.body.data.id}`,
    )
    expect(events.body.data[0].attributes).toMatchObject({
      action: 'api_key.revoked',
      actor_id: person.id,
      after: { reason: 'password_reset' },
    })
  })
  it("caps a key made with a personal key at that key's own expiry", async () => {
    const person = await invitedPerson(service, 'operator')
    const keyBody = (attributes: Record<string, unknown>) =>
      JSON.stringify({ data: { type: 'api_key', attributes: { role: 'viewer', ...attributes } } })
    const shortLived = new Date(NOW.getTime() + 24 * 60 * 60 * 1000).toISOString()
    const made = await person.browser.send(
      'POST',
      '/v2/api_keys',
      JSON.parse(keyBody({ name: 'a day', expires_at: shortLived })),
    )
    expect(made.status).toBe(201)
    const token = made.body.data.attributes.token
    const forever = await service.call('POST', '/v2/api_keys', {
      key: token,
      body: keyBody({ name: 'forever' }),
    })
    expect(forever.status).toBe(201)
    expect(forever.body.data.attributes.expires_at).toBe(made.body.data.attributes.expires_at)
    const later = await service.call('POST', '/v2/api_keys', {
      key: token,
      body: keyBody({ name: 'later', expires_at: '2030-01-01T00:00:00Z' }),
    })
    expect(later.body.data.attributes.expires_at).toBe(made.body.data.attributes.expires_at)
    const sooner = new Date(NOW.getTime() + 60 * 60 * 1000).toISOString()
    const kept = await service.call('POST', '/v2/api_keys', {
      key: token,
      body: keyBody({ name: 'sooner', expires_at: sooner }),
    })
    expect(new Date(kept.body.data.attributes.expires_at).getTime()).toBe(new Date(sooner).getTime())
  })
  it("never tells another account's admin that an email is taken; the invitation fails at acceptance", async () => {
    const person = await invitedPerson(service, 'viewer')
    const made = await service.call('POST', '/v2/invitations', {
      key: OTHER_KEY,
      body: JSON.stringify({
        data: { type: 'invitation', attributes: { email: person.email, role: 'viewer' } },
      }),
    })
    expect(made.status).toBe(201)
    const token = made.body.data.attributes.accept_url.split('/').at(-1)
    const accepted = await browserOn(service).send('POST', `/session/invitations/${token}`, {
      first_name: 'Someone',
      password: PASSWORD,
    })
    // the person holding the link learns their own email signs in elsewhere; the inviting admin learned nothing
    expect(accepted.status).toBe(409)
    const own = await service.call('POST', '/v2/invitations', {
      body: JSON.stringify({
        data: { type: 'invitation', attributes: { email: person.email, role: 'viewer' } },
      }),
    })
    expect(own).toMatchObject({ status: 409, body: { errors: [{ code: 'email_taken' }] } })
  })
  it('ends every reset link of a person once one sets the password', async () => {
    const person = await invitedPerson(service, 'viewer')
    const link = async () =>
      (await service.call('POST', `/v2/users/${person.id}/password_reset`)).body.data.attributes.reset_url
        .split('/')
        .at(-1)
    const [first, second] = [await link(), await link()]
    const used = await browserOn(service).send('POST', `/session/password-resets/${first}`, {
      password: 'a brand new passphrase',
    })
    expect(used.status).toBe(200)
    const stale = await browserOn(service).send('POST', `/session/password-resets/${second}`, {
      password: 'the attacker passphrase',
    })
    expect(stale).toMatchObject({ status: 410, body: { errors: [{ code: 'password_reset_used' }] } })
  })
  it('refuses a key expiry past the year 9999 in UTC with 422, not a database error', async () => {
    const person = await invitedPerson(service, 'viewer')
    const made = await person.browser.send('POST', '/v2/api_keys', {
      data: {
        type: 'api_key',
        attributes: { name: 'far', role: 'viewer', expires_at: '9999-12-31T23:59:59-23:59' },
      },
    })
    expect(made).toMatchObject({
      status: 422,
      body: { errors: [{ source: { pointer: '/data/attributes/expires_at' } }] },
    })
  })
  it("refuses changing, removing or resetting the demo's person, whom every visitor shares", async () => {
    const { rows } = await service.storage.db.execute<{ id: string }>(
      sql`select id from users where demo and account_id = (select account_id from users where id = ${(await invitedPerson(service, 'viewer')).id})`,
    )
    const demoId = rows[0].id
    const refused = { status: 403, body: { errors: [{ code: 'demo_person' }] } }
    expect(
      await service.call('PATCH', `/v2/users/${demoId}`, {
        body: JSON.stringify(userBody({ first_name: 'Vandal' })),
      }),
    ).toMatchObject(refused)
    expect(await service.call('POST', `/v2/users/${demoId}/password_reset`)).toMatchObject(refused)
    expect(await service.call('DELETE', `/v2/users/${demoId}`)).toMatchObject(refused)
  })
  it("never shows a customer the voyage of another party's shipment on the vessel map", async () => {
    const { rows } = await service.storage.db.execute<{
      id: string
      account_id: string
      customer_id: string
      vessel: string
      leg: Record<string, unknown>
    }>(
      sql`select id, account_id, customer_id, sailing_vessel_id as vessel, sailing_leg as leg from shipments
          where sailing_vessel_id is not null and customer_id is not null and sailing_leg is not null
          and exists (select 1 from containers c where c.shipment_id = shipments.id and c.pod_discharged_at is null) limit 1`,
    )
    const mine = rows[0]
    const leaked = { ...mine.leg, voyageNumber: 'LEAKED-VOYAGE', departAt: Number(mine.leg.departAt) + 1e9 }
    await service.storage.db.execute(
      sql`update shipments set sailing_vessel_id = ${mine.vessel}, sailing_leg = ${JSON.stringify(leaked)}::jsonb
          where id = (select id from shipments where account_id = ${mine.account_id} and id <> ${mine.id}
                      and customer_id is distinct from ${mine.customer_id} limit 1)`,
    )
    const email = `customer-${Date.now()}@example.com`
    const made = await service.call('POST', '/v2/invitations', {
      body: JSON.stringify({
        data: { type: 'invitation', attributes: { email, role: 'customer', party_id: mine.customer_id } },
      }),
    })
    const customer = browserOn(service)
    const token = made.body.data.attributes.accept_url.split('/').at(-1)
    expect(
      (await customer.send('POST', `/session/invitations/${token}`, { first_name: 'Cy', password: PASSWORD }))
        .status,
    ).toBe(200)
    expect(JSON.stringify((await service.get('/v2/vessels?filter[carrying]=active')).body)).toContain(
      'LEAKED-VOYAGE',
    )
    const seen = await customer.send('GET', '/v2/vessels?filter[carrying]=active')
    expect(seen.status).toBe(200)
    expect(seen.body.data.map((v: { id: string }) => v.id)).toContain(mine.vessel)
    expect(JSON.stringify(seen.body)).not.toContain('LEAKED-VOYAGE')
  })
  it('keeps answers that carry a session, a token or a link out of every cache', async () => {
    const person = await invitedPerson(service, 'admin')
    const invited = await person.browser.send('POST', '/v2/invitations', {
      data: { type: 'invitation', attributes: { email: `cached-${Date.now()}@example.com`, role: 'viewer' } },
    })
    const key = await person.browser.send('POST', '/v2/api_keys', {
      data: { type: 'api_key', attributes: { name: 'cached', role: 'viewer' } },
    })
    const session = await person.browser.send('GET', '/session')
    const signIn = await browserOn(service).signIn(person.email)
    for (const answer of [invited, key, session, signIn]) {
      expect(answer.status).toBeLessThan(300)
      expect(answer.headers.get('cache-control')).toBe('no-store')
    }
  })
  it('records a password sign-in and a sign-out everywhere, by the person from the dashboard', async () => {
    const person = await invitedPerson(service, 'viewer')
    const browser = browserOn(service)
    expect((await browser.signIn(person.email)).status).toBe(200)
    expect((await browser.send('POST', '/session/sign-out-everywhere', {})).status).toBe(204)
    const events = await service.get(
      `/v2/audit_events?filter[target_type]=user&filter[target_id]=${person.id}`,
    )
    const shown = events.body.data.map((e: { attributes: Record<string, unknown> }) => e.attributes)
    expect(shown.slice(0, 2)).toMatchObject([
      { action: 'user.signed_out_everywhere', actor_id: person.id, via: 'dashboard' },
      { action: 'user.signed_in', actor_id: person.id, via: 'dashboard', after: { method: 'password' } },
    ])
  })
})

describe.each(DATABASE_KINDS)('the account-wide sign-in limit (%s)', (kind) => {
  let service: Service
  beforeAll(async () => {
    service = await startService(kind, {
      gateway: true,
      shipments: 1,
      gatewayLimits: {
        authFailuresPerMinute: 1_000,
        sessionStartsPerMinute: 1_000,
        emailFailuresPerMinute: 3,
        accountFailuresPerMinute: 3,
      },
    })
  })
  afterAll(() => service?.stop())

  it('never refuses a correct password, and answers unknown emails as known ones while over', async () => {
    const pat = await invitedPerson(service, 'viewer', { email: 'pat@corp.example' })
    const sam = await invitedPerson(service, 'viewer', { email: 'sam@corp.example' })
    for (let i = 0; i < 3; i++)
      expect((await browserOn(service).signIn(pat.email, 'not the passphrase')).status).toBe(401)
    expect((await browserOn(service).signIn(sam.email)).status).toBe(200)
    const known = await browserOn(service).signIn(sam.email, 'not the passphrase')
    const unknown = await browserOn(service).signIn('nobody@corp.example', 'not the passphrase')
    expect(known.status).toBe(429)
    expect({ status: unknown.status, body: unknown.body }).toEqual({ status: known.status, body: known.body })
  })

  it('counts wrong current passwords per email, not only per address', async () => {
    const person = await invitedPerson(service, 'viewer', { email: 'lee@own-domain.example' })
    const change = (current: string) =>
      person.browser.send('POST', '/session/password', {
        current_password: current,
        new_password: 'another long passphrase',
      })
    for (let i = 0; i < 3; i++) expect((await change('not the passphrase')).status).toBe(401)
    expect((await change('not the passphrase')).status).toBe(429)
  })
})
