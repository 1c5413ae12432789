import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditEvents } from '../../src/server/storage/schema'
import { DATABASE_KINDS } from '../support/databases'
import { personWithKey } from '../support/role-callers'
import { KEY, type Service, startService } from './harness'

const keyBody = (attributes: Record<string, unknown>) =>
  JSON.stringify({ data: { type: 'api_key', attributes } })

describe.each(DATABASE_KINDS)('personal API keys on %s', (kind) => {
  let service: Service
  let accountId: string
  beforeAll(async () => {
    service = await startService(kind, { shipments: 4 })
    accountId = (await service.get('/v2/account')).body.data.id
  })
  afterAll(async () => {
    await service?.stop()
  })

  const make = (token: string, attributes: Record<string, unknown>) =>
    service.call('POST', '/v2/api_keys', { key: token, body: keyBody(attributes) })

  it('makes a key no higher than its maker, shows the token once, and the key acts at its role', async () => {
    const admin = await personWithKey(service.storage, accountId, 'admin')
    const made = await make(admin.token, { name: 'CI', role: 'operator' })
    expect(made.status).toBe(201)
    const token = made.body.data.attributes.token as string
    expect(token).toMatch(/^qsk_[A-Za-z0-9_-]{43}$/)
    expect(made.body.data.attributes).toMatchObject({
      kind: 'personal',
      role: 'operator',
      user_id: admin.userId,
    })
    expect(made.body.data.attributes.token_prefix).toBe(token.slice(0, 12))
    const listed = await service.get('/v2/api_keys', admin.token)
    const row = listed.body.data.find((key: { id: string }) => key.id === made.body.data.id)
    expect(row.attributes).not.toHaveProperty('token')
    expect((await service.get('/v2/shipments', token)).status).toBe(200)
    const webhooks = await service.get('/v2/webhooks', token)
    expect(webhooks.status).toBe(403)
    expect(webhooks.body.errors[0]).toMatchObject({ code: 'role_forbidden' })

    for (const [attributes, pointer] of [
      [{ name: 'Too high', role: 'owner' }, '/data/attributes/role'],
      [{ name: 'No party', role: 'customer' }, '/data/attributes/role'],
      [{ name: 'Past', role: 'viewer', expires_at: '2020-01-01T00:00:00Z' }, '/data/attributes/expires_at'],
    ] as const) {
      const refused = await make(admin.token, attributes)
      expect([refused.status, refused.body.errors[0].source]).toEqual([422, { pointer }])
    }
  })

  it("refuses the account's own key, which is no person", async () => {
    const made = await make(KEY, { name: 'Nobody', role: 'viewer' })
    expect(made.status).toBe(403)
    expect(made.body.errors[0]).toMatchObject({ code: 'no_user' })
  })

  it('stops a revoked key at once, though its caller was cached a moment before', async () => {
    const operator = await personWithKey(service.storage, accountId, 'operator')
    const made = await make(operator.token, { name: 'Short lived', role: 'viewer' })
    const token = made.body.data.attributes.token as string
    expect((await service.get('/v2/shipments', token)).status).toBe(200)
    const revoked = await service.call('POST', `/v2/api_keys/${made.body.data.id}/revoke`, {
      key: operator.token,
    })
    expect(revoked.status).toBe(200)
    expect(revoked.body.data.attributes.revoked_at).toEqual(expect.any(String))
    expect((await service.get('/v2/shipments', token)).status).toBe(401)
  })

  it("shows a person its own keys, an admin every person's, and only an owner the account's", async () => {
    const operator = await personWithKey(service.storage, accountId, 'operator')
    const other = await personWithKey(service.storage, accountId, 'operator')
    const admin = await personWithKey(service.storage, accountId, 'admin')
    const owner = await personWithKey(service.storage, accountId, 'owner')
    const ids = async (token: string) =>
      ((await service.get('/v2/api_keys?page[size]=100', token)).body.data as { id: string }[]).map(
        (k) => k.id,
      )
    const kinds = async (token: string) =>
      new Set(
        (
          (await service.get('/v2/api_keys?page[size]=100', token)).body.data as {
            attributes: { kind: string }
          }[]
        ).map((k) => k.attributes.kind),
      )
    expect(await ids(operator.token)).toEqual([operator.keyId])
    expect(await ids(admin.token)).toEqual(expect.arrayContaining([operator.keyId, other.keyId, owner.keyId]))
    expect(await kinds(admin.token)).toEqual(new Set(['personal']))
    expect(await kinds(owner.token)).toEqual(new Set(['personal', 'account']))

    const refused = await service.call('POST', `/v2/api_keys/${other.keyId}/revoke`, { key: operator.token })
    expect(refused.status).toBe(404)
    expect((await service.get('/v2/shipments', other.token)).status).toBe(200)
    const byAdmin = await service.call('POST', `/v2/api_keys/${other.keyId}/revoke`, { key: admin.token })
    expect(byAdmin.status).toBe(200)
    expect((await service.get('/v2/shipments', other.token)).status).toBe(401)
  })

  it('records making and revoking a key in the audit trail, never the token', async () => {
    const operator = await personWithKey(service.storage, accountId, 'operator')
    const made = await make(operator.token, { name: 'Audited', role: 'operator' })
    const id = made.body.data.id as string
    await service.call('POST', `/v2/api_keys/${id}/revoke`, { key: operator.token })
    const events = await service.storage.db.select().from(auditEvents).where(eq(auditEvents.target_id, id))
    expect(events.map((event) => event.action).sort()).toEqual(['api_key.created', 'api_key.revoked'])
    for (const event of events)
      expect(event).toMatchObject({ actor_kind: 'user', actor_id: operator.userId, target_type: 'api_key' })
    expect(JSON.stringify(events)).not.toContain(made.body.data.attributes.token)
  })
})
