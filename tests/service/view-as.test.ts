import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DATABASE_KINDS } from '../support/databases'
import { type Service, startService } from './harness'
import { addPerson, browser, somePartyId } from './person-browser'

const SHIPMENTS = '/v2/shipments?page[size]=100'

describe.each(DATABASE_KINDS)('View as (%s)', (kind) => {
  let service: Service
  const ids: Record<'admin' | 'viewer' | 'operator' | 'customer', string> = {
    admin: '',
    viewer: '',
    operator: '',
    customer: '',
  }

  beforeAll(async () => {
    service = await startService(kind, { shipments: 4, gateway: true, storedSessions: true })
    ids.admin = await addPerson(service, 'admin', 'ada@example.com')
    ids.viewer = await addPerson(service, 'viewer', 'vic@example.com')
    ids.operator = await addPerson(service, 'operator', 'olu@example.com')
    ids.customer = await addPerson(service, 'customer', 'cy@example.com', await somePartyId(service))
  })
  afterAll(() => service?.stop())

  const signedIn = async (who: keyof typeof ids) => {
    const person = browser(service)
    await person.signInAs(ids[who])
    return person
  }

  it("shows an admin only the customer's party, exactly as the customer sees it, and stops", async () => {
    const ada = await signedIn('admin')
    const customer = await signedIn('customer')
    const own = await customer.send('GET', SHIPMENTS)
    const started = await ada.send('POST', '/session/view-as', { user_id: ids.customer })
    expect(started.status).toBe(200)
    expect(started.body).toMatchObject({
      user: { id: ids.admin },
      viewingAs: { id: ids.customer, role: 'customer', email: 'cy@example.com' },
    })
    expect((await ada.send('GET', '/session')).body.viewingAs.id).toBe(ids.customer)
    const seen = await ada.send('GET', SHIPMENTS)
    expect({ status: seen.status, body: seen.body }).toEqual({ status: own.status, body: own.body })
    const { rows } = await service.storage.db.execute<{ id: string }>(
      sql`select id from shipments where customer_id = (select party_id from users where id = ${ids.customer})`,
    )
    expect(rows.length).toBeGreaterThan(0)
    expect(seen.body.data.map((s: { id: string }) => s.id).sort()).toEqual(rows.map((r) => r.id).sort())
    expect(seen.body).not.toEqual((await service.get(SHIPMENTS)).body)
    const stopped = await ada.send('DELETE', '/session/view-as')
    expect(stopped.body.viewingAs).toBeNull()
    expect((await ada.send('GET', SHIPMENTS)).body).toEqual((await service.get(SHIPMENTS)).body)
  })

  it('refuses every write while viewing, in words, and changes nothing', async () => {
    const ada = await signedIn('admin')
    await ada.send('POST', '/session/view-as', { user_id: ids.operator })
    const write = await ada.send('POST', '/v2/tracking_requests', {
      data: {
        type: 'tracking_request',
        attributes: { request_type: 'bill_of_lading', request_number: 'X1' },
      },
    })
    expect(write.status).toBe(403)
    expect(write.body.errors[0]).toMatchObject({
      code: 'view_as_read_only',
      detail: 'View as is read-only: stop viewing to make changes',
    })
    const { rows } = await service.storage.db.execute(
      sql`select 1 from tracking_requests where request_number = 'X1'`,
    )
    expect(rows).toHaveLength(0)
    await ada.send('DELETE', '/session/view-as')
  })

  it('mints a read-only key for the person viewed, revoked when viewing stops', async () => {
    const ada = await signedIn('admin')
    await ada.send('POST', '/session/view-as', { user_id: ids.operator })
    const unrevoked = async () =>
      (
        await service.storage.db.execute<{ scope: string }>(
          sql`select scope from api_keys where user_id = ${ids.operator} and kind = 'session' and revoked_at is null`,
        )
      ).rows
    expect(await unrevoked()).toEqual([{ scope: 'read' }])
    await ada.send('DELETE', '/session/view-as')
    expect(await unrevoked()).toEqual([])
  })

  it('audits who viewed whom, started and stopped', async () => {
    const { rows } = await service.storage.db.execute(
      sql`select action, actor_id, target_id from audit_events where action like 'view_as.%' and target_id = ${ids.customer} order by id`,
    )
    expect(rows).toEqual([
      { action: 'view_as.started', actor_id: ids.admin, target_id: ids.customer },
      { action: 'view_as.stopped', actor_id: ids.admin, target_id: ids.customer },
    ])
  })

  it("refuses a viewer or an operator, and an admin's view of themself", async () => {
    for (const who of ['viewer', 'operator'] as const) {
      const answer = await (await signedIn(who)).send('POST', '/session/view-as', { user_id: ids.customer })
      expect(answer.status).toBe(403)
      expect(answer.body.errors[0].code).toBe('role_forbidden')
    }
    const self = await (await signedIn('admin')).send('POST', '/session/view-as', { user_id: ids.admin })
    expect(self.status).toBe(422)
    expect(self.body.errors[0].source.pointer).toBe('/user_id')
  })

  it("refuses a read-only session (a public demo's visitor), writing no key", async () => {
    const keys = async () =>
      (await service.storage.db.execute(sql`select 1 from api_keys where user_id = ${ids.viewer}`)).rows
        .length
    const ada = browser(service)
    await ada.signInAs(ids.admin, 'read-only')
    const before = await keys()
    const answer = await ada.send('POST', '/session/view-as', { user_id: ids.viewer })
    expect(answer.status).toBe(403)
    expect(answer.body.errors[0].code).toBe('read_only')
    expect(await keys()).toBe(before)
  })

  it('judges the role the admin has now, not at sign-in', async () => {
    const ada = await signedIn('admin')
    await service.storage.db.execute(sql`update users set role = 'operator' where id = ${ids.admin}`)
    try {
      const answer = await ada.send('POST', '/session/view-as', { user_id: ids.customer })
      expect(answer.status).toBe(403)
    } finally {
      await service.storage.db.execute(sql`update users set role = 'admin' where id = ${ids.admin}`)
    }
  })
})
