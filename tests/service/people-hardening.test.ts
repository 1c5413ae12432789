import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DATABASE_KINDS } from '../support/databases'
import { type Service, startService } from './harness'
import { invitedPerson } from './people-browser'

const userBody = (attributes: Record<string, unknown>) => ({ data: { type: 'user', attributes } })

describe.each(DATABASE_KINDS)('people, after the security review (%s)', (kind) => {
  let service: Service
  beforeAll(async () => {
    service = await startService(kind, { gateway: true, shipments: 2 })
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
})
