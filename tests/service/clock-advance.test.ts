import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ROLES, roleAtLeast } from '../../src/contract/people'
import { SERVICE_TIME_HEADER } from '../../src/contract/service-time'
import { DATABASE_KINDS } from '../support/databases'
import { personWithKey } from '../support/role-callers'
import { READ_KEY, type Service, startService } from './harness'

const HOUR = 3_600_000
const advance = (hours: unknown) => JSON.stringify({ data: { type: 'clock_advance', attributes: { hours } } })
const timeOf = (response: { headers: Headers }) => Date.parse(response.headers.get(SERVICE_TIME_HEADER) ?? '')

describe.each(DATABASE_KINDS)('POST /v2/clock/advance (CLOCK_CONTROL) on %s', (kind) => {
  let service: Service
  let off: Service

  beforeAll(async () => {
    service = await startService(kind, { shipments: 6 })
    off = await startService(kind, { shipments: 2, clockControl: false })
  }, 120_000)

  afterAll(async () => {
    await service?.stop()
    await off?.stop()
  })

  it('moves service time for every later answer, and the audit says who moved it', async () => {
    const before = timeOf(await service.get('/v2/account'))
    const answer = await service.call('POST', '/v2/clock/advance', { body: advance(30) })
    expect(answer.status).toBe(200)
    const now = Date.parse(answer.body.data.attributes.now)
    expect(now - before).toBe(30 * HOUR)
    expect(timeOf(answer)).toBe(now)
    expect(timeOf(await service.get('/v2/containers'))).toBe(now)
    expect(service.clock.now().getTime()).toBe(now)
    const audit = await service.get('/v2/audit_events?filter[target_type]=service_clock')
    expect(audit.status).toBe(200)
    expect(audit.body.data[0].attributes).toMatchObject({
      action: 'clock.advanced',
      after: { now: new Date(now).toISOString(), hours: 30 },
    })
  })

  it("runs the engine's tick before it answers: a pending tracking request is seen answered", async () => {
    const posted = await service.call('POST', '/v2/tracking_requests', {
      body: JSON.stringify({
        data: {
          type: 'tracking_request',
          attributes: { request_type: 'bill_of_lading', request_number: 'TEST-TR-SUCCEEDED', scac: 'TEST' },
        },
      }),
    })
    expect(posted.body.data.attributes.status).toBe('pending')
    expect((await service.call('POST', '/v2/clock/advance', { body: advance(1) })).status).toBe(200)
    const request = await service.get(`/v2/tracking_requests/${posted.body.data.id}`)
    expect(request.body.data.attributes.status).toBe('created')
  })

  it('is for the owner alone', async () => {
    const accountId = (await service.get('/v2/account')).body.data.id
    const at = service.clock.now().getTime()
    for (const role of ROLES) {
      if (roleAtLeast(role, 'owner')) continue
      const person = await personWithKey(service.storage, accountId, role)
      const answer = await service.call('POST', '/v2/clock/advance', { key: person.token, body: advance(1) })
      expect([role, answer.status, answer.body.errors[0].code]).toEqual([role, 403, 'role_forbidden'])
    }
    expect(
      (await service.call('POST', '/v2/clock/advance', { key: READ_KEY, body: advance(1) })).status,
    ).toBe(403)
    expect(service.clock.now().getTime()).toBe(at)
  })

  it('refuses hours outside 1..2400, or not whole, with a pointer at them', async () => {
    const at = service.clock.now().getTime()
    for (const hours of [0, -1, 2401, 1.5, '7', null]) {
      const answer = await service.call('POST', '/v2/clock/advance', { body: advance(hours) })
      expect([hours, answer.status, answer.body.errors[0].source.pointer]).toEqual([
        hours,
        422,
        '/data/attributes/hours',
      ])
    }
    const wrongType = JSON.stringify({ data: { type: 'clock', attributes: { hours: 1 } } })
    const typed = await service.call('POST', '/v2/clock/advance', { body: wrongType })
    expect([typed.status, typed.body.errors[0].source.pointer]).toEqual([422, '/data/type'])
    expect(service.clock.now().getTime()).toBe(at)
  })

  it('is not there at all when the setting is off: 404, and not in the OpenAPI document', async () => {
    const at = off.clock.now().getTime()
    const answer = await off.call('POST', '/v2/clock/advance', { body: advance(1) })
    expect(answer.status).toBe(404)
    expect(answer.body.errors[0].status).toBe('404')
    expect(off.clock.now().getTime()).toBe(at)
    expect(Object.keys((await off.get('/v2/openapi.json')).body.paths)).not.toContain('/clock/advance')
    expect(Object.keys((await service.get('/v2/openapi.json')).body.paths)).toContain('/clock/advance')
  })
})
