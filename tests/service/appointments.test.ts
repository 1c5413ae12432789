import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ContainerBoardDocumentSchema } from '../../src/contract/container-board'
import { ContainerDocumentSchema } from '../../src/contract/containers'
import { ErrorDocumentSchema } from '../../src/contract/document'
import { TransportEventListDocumentSchema } from '../../src/contract/transport-events'
import { DATABASE_KINDS } from '../support/databases'
import { KEY, NOW, OTHER_KEY, parsed, READ_KEY, type Service, startService } from './harness'

const HOUR = 3_600_000
const at = (hours: number) => new Date(NOW.getTime() + hours * HOUR).toISOString().replace('.000Z', 'Z')
const patch = (id: string, attributes: Record<string, unknown>, relationships?: unknown) =>
  JSON.stringify({ data: { type: 'container', id, attributes, ...(relationships ? { relationships } : {}) } })

describe.each(DATABASE_KINDS)('appointments and the trucker, on %s', (kind) => {
  let service: Service
  let ids: string[]
  beforeAll(async () => {
    service = await startService(kind, { shipments: 30 })
    // waiting at the terminal: discharged, not yet picked up
    ids = []
    for (const tab of ['available', 'on_hold', 'overdue']) {
      const board = await service.get(`/v2/containers?filter[tab]=${tab}&page[size]=5`)
      ids.push(...parsed(ContainerBoardDocumentSchema, board.body).data.map((c) => c.id))
    }
    expect(ids.length).toBeGreaterThanOrEqual(3)
  })
  afterAll(() => service?.stop())

  /** The engine reads the shipment again on its next tick, whatever its plan says comes next. */
  const dueNow = async (id: string) => {
    const row = await service.storage.containers.get(
      (await service.storage.apiKeys.authenticate(KEY, NOW))!.accountId,
      id,
    )
    await service.storage.tracking.updateShipment(row!.shipment_id, { next_update_at: new Date(0) })
  }

  const container = async (id: string, include = '') =>
    parsed(ContainerDocumentSchema, (await service.get(`/v2/containers/${id}${include}`)).body)
  const events = async (id: string) =>
    parsed(
      TransportEventListDocumentSchema,
      (await service.get(`/v2/containers/${id}/transport_events`)).body,
    ).data
  const edit = (id: string, attributes: Record<string, unknown>, relationships?: unknown, key?: string) =>
    service.call('PATCH', '/v2/containers', { body: patch(id, attributes, relationships), key })

  it('keeps each appointment with its source and who set it, and shows it as an estimate on the timeline', async () => {
    const id = ids[0]
    const response = await edit(id, { pickup_appointment_at: at(20), delivery_appointment_at: at(30) })
    expect(response.status, JSON.stringify(response.body)).toBe(200)
    const a = (await container(id)).data.attributes
    expect(a.pickup_appointment_at).toBe(at(20))
    expect(a.delivery_appointment_at).toBe(at(30))
    expect(a.empty_return_appointment_at).toBeNull()
    expect(a.next_appointment_at).toBe(at(20))
    expect(a.next_appointment_kind).toBe('pickup')
    const pickup = a.appointments?.find((s) => s.kind === 'pickup' && s.source === 'person')
    expect(pickup).toMatchObject({ value: new Date(at(20)).toISOString(), by: 'write key' })
    const estimates = (await events(id)).filter((e) => e.attributes.event.includes('.estimated.'))
    expect(
      estimates.map((e) => [e.attributes.event, e.attributes.timestamp, e.attributes.data_source]),
    ).toEqual([
      ['container.transport.estimated.full_out', at(20), 'person'],
      ['container.transport.estimated.delivered', at(30), 'person'],
    ])

    // a moved appointment moves its estimate; a cleared one leaves the timeline
    await edit(id, { pickup_appointment_at: at(22), delivery_appointment_at: null })
    const moved = (await events(id)).filter((e) => e.attributes.event.includes('.estimated.'))
    expect(moved.map((e) => [e.attributes.event, e.attributes.timestamp])).toEqual([
      ['container.transport.estimated.full_out', at(22)],
    ])
    const after = (await container(id)).data.attributes
    expect(after.delivery_appointment_at).toBeNull()
    expect(after.appointments?.filter((s) => s.kind === 'delivery')).toEqual([])

    const audit = await service.get(`/v2/audit_events?page[size]=100&filter[target_id]=${id}`)
    const actions = (audit.body.data as { attributes: { action: string; after: Record<string, unknown> } }[])
      .filter((e) => e.attributes.action === 'container.updated')
      .map((e) => e.attributes.after)
    expect(actions).toContainEqual({
      pickup_appointment_at: at(22).replace('Z', '.000Z'),
      delivery_appointment_at: null,
    })
  })

  it("keeps a person's appointment when the engine next reads the terminal", async () => {
    const id = ids[1]
    await edit(id, { empty_return_appointment_at: at(50), pickup_appointment_at: at(5) })
    service.advance(HOUR)
    await dueNow(id)
    await service.engine({ newId: randomUUID }).tick()
    const a = (await container(id)).data.attributes
    expect(a.pickup_appointment_at).toBe(at(5))
    expect(a.empty_return_appointment_at).toBe(at(50))
    expect(a.appointments?.some((s) => s.kind === 'empty_return' && s.source === 'person')).toBe(true)
  })

  it('lists what is due by appointment, in order, filtered by time', async () => {
    await edit(ids[2], { pickup_appointment_at: at(3) })
    const response = await service.get(
      `/v2/containers?filter[appointment][gte]=${at(0)}&filter[appointment][lte]=${at(24)}&sort=appointment`,
    )
    expect(response.status, JSON.stringify(response.body)).toBe(200)
    const listed = parsed(ContainerBoardDocumentSchema, response.body).data
    const times = listed.map((c) => c.attributes.next_appointment_at!)
    expect(listed.map((c) => c.id)).toEqual(expect.arrayContaining([ids[2], ids[0]]))
    expect(times).toEqual([...times].sort())
    expect(times.every((t) => t >= at(0) && t <= at(24))).toBe(true)
    const bad = await service.get('/v2/containers?filter[appointment][gte]=tomorrow')
    expect(bad.status).toBe(400)
    expect(parsed(ErrorDocumentSchema, bad.body).errors[0].source?.parameter).toBe('filter[appointment][gte]')
  })

  it('sets and clears the trucker, a party of the account, and refuses one of another account', async () => {
    const id = ids[0]
    const made = await service.call('POST', '/v2/parties', {
      body: JSON.stringify({ data: { type: 'party', attributes: { company_name: 'Harbor Drayage Co' } } }),
    })
    expect(made.status).toBe(201)
    const truckerId = made.body.data.id as string
    const set = await edit(id, {}, { trucker: { data: { type: 'party', id: truckerId } } })
    expect(set.status, JSON.stringify(set.body)).toBe(200)
    const shown = await container(id, '?include=trucker')
    expect(shown.data.relationships?.trucker?.data?.id).toBe(truckerId)
    expect(shown.included?.find((r) => r.id === truckerId)?.attributes?.company_name).toBe(
      'Harbor Drayage Co',
    )

    const theirs = await service.call('POST', '/v2/parties', {
      key: OTHER_KEY,
      body: JSON.stringify({ data: { type: 'party', attributes: { company_name: 'Elsewhere Trucking' } } }),
    })
    const refused = await edit(id, {}, { trucker: { data: { type: 'party', id: theirs.body.data.id } } })
    expect(refused.status).toBe(422)
    expect(parsed(ErrorDocumentSchema, refused.body).errors[0].source?.pointer).toBe(
      '/data/relationships/trucker/data/id',
    )
    const viewer = await edit(id, {}, { trucker: { data: null } }, READ_KEY)
    expect(viewer.status).toBe(403)

    await edit(id, {}, { trucker: { data: null } })
    expect((await container(id)).data.relationships?.trucker?.data).toBeNull()
  })
})
