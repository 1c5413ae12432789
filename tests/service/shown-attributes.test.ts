import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { containerAttributes } from '../../src/server/storage/container-attributes'
import type { ShownContainer } from '../../src/server/storage/container-store'
import { containers, shipments } from '../../src/server/storage/schema'
import { shipmentAttributes } from '../../src/server/storage/shipment-attributes'
import { transportEventAttributes } from '../../src/server/storage/transport-event-attributes'
import { DATABASE_KINDS } from '../support/databases'
import { KEY, type Service, startService } from './harness'

/** Attributes the database writes as JSON must be, key for key and in order, what JavaScript renders. */
describe.each(DATABASE_KINDS)('attributes written by the database on %s', (kind) => {
  let service: Service
  let accountId: string
  beforeAll(async () => {
    service = await startService(kind, { shipments: 40 })
    accountId = (await service.storage.apiKeys.authenticate(KEY))!.accountId
  })
  afterAll(() => service?.stop())

  const same = (written: string, rendered: Record<string, unknown>) =>
    expect(JSON.stringify(JSON.parse(written))).toBe(JSON.stringify(rendered))

  it('match every shipment and container of the demo', async () => {
    const page = await service.storage.shipments.list(accountId, {}, { number: 1, size: 40 })
    const shown = await service.storage.shipments.shownByIds(
      accountId,
      page.rows.map((row) => row.id),
    )
    expect(shown).toHaveLength(page.rows.length)
    const byId = new Map(page.rows.map((row) => [row.id, row]))
    for (const row of shown) same(row.attributes_json, shipmentAttributes.of(byId.get(row.id)!))

    const full = await service.storage.containers.byShipmentIds(accountId, [...byId.keys()])
    const written = await service.storage.containers.shownByShipmentIds(accountId, [...byId.keys()])
    expect(written.map((row) => row.id)).toEqual(full.map((row) => row.id))
    for (const [index, row] of full.entries())
      same(written[index].attributes_json, containerAttributes.of(row))
    const ids = full.map((row) => row.id)
    const events = await service.storage.events.transportByContainerIds(accountId, ids)
    const shownEvents = await service.storage.events.shownTransportByContainerIds(accountId, ids)
    expect(shownEvents.map((row) => row.id)).toEqual(events.map((row) => row.id))
    for (const [index, row] of events.entries())
      same(shownEvents[index].attributes_json, transportEventAttributes.of(row))
    // the demo has deadlines both kept and not yet known, holds, fees and times of every kind
    expect(full.some((row) => row.import_deadlines === null)).toBe(true)
    expect(full.some((row) => row.import_deadlines !== null)).toBe(true)
  })

  it('match at the edges: odd text, no values, a year past 9999 and a fraction of a second', async () => {
    const [first] = (await service.storage.shipments.list(accountId, {}, { number: 1, size: 1 })).rows
    await service.storage.db.execute(sql`
      update ${shipments} set customer_name = ${'quote " back \\ slash \u2028 tab \t é 😀 </script>'},
        pod_eta_at = '12345-06-07 08:09:10.987+00', pol_etd_at = '2026-01-02 03:04:05.999+00',
        pod_ata_at = null, pol_atd_at = '0999-12-31 23:59:59.5+00', tags = '["a", "b"]', ref_numbers = '[]'
      where id = ${first.id}`)
    await service.storage.db.execute(
      sql`update ${containers} set import_deadlines = '{"pickup_lfd_line": "2026-11-30", "pickup_lfd_rail": null, "pickup_lfd_terminal": "2026-11-28"}', weight_in_lbs = null, fees_at_pod_terminal = '[{"type": "demurrage", "amount": 1.50, "currency_code": "USD"}]'
      where shipment_id = ${first.id}`,
    )
    const [row] = await service.storage.shipments.byIds(accountId, [first.id])
    const [shown] = await service.storage.shipments.shownByIds(accountId, [first.id])
    same(shown.attributes_json, shipmentAttributes.of(row))
    expect(JSON.parse(shown.attributes_json).pod_eta_at).toBe('+012345-06-07T08:09:10Z')
    expect(JSON.parse(shown.attributes_json).pol_etd_at).toBe('2026-01-02T03:04:05Z')
    expect(JSON.parse(shown.attributes_json).pol_atd_at).toBe('0999-12-31T23:59:59Z')
    const full = await service.storage.containers.byShipmentIds(accountId, [first.id])
    const written = await service.storage.containers.shownByShipmentIds(accountId, [first.id])
    for (const [index, container] of full.entries())
      same(written[index].attributes_json, containerAttributes.of(container))
    expect(JSON.parse(written[0].attributes_json).ssl_lfd).toBe('2026-11-30')
    const [event] = await service.storage.events.transportByContainerIds(accountId, [full[0].id])
    await service.storage.db.execute(sql`
      update transport_events set event = 'container.pickup_lfd.changed', invalidated_at = '2026-11-20 10:11:12.5+00',
        voyage_number = ${'v "1" \\'} where id = ${event.id}`)
    const [changed] = (await service.storage.events.transportByContainerIds(accountId, [full[0].id])).filter(
      (row) => row.id === event.id,
    )
    const [shownChanged] = (
      await service.storage.events.shownTransportByContainerIds(accountId, [full[0].id])
    ).filter((row) => row.id === event.id)
    same(shownChanged.attributes_json, transportEventAttributes.of(changed))
    expect(JSON.parse(shownChanged.attributes_json).value).toBe(
      JSON.parse(shownChanged.attributes_json).timestamp,
    )
  })

  it('carry the linkage the ids queries read, in the same order, where a document needs it', async () => {
    const page = { number: 1, size: 40 }
    const linked = (await service.storage.shipments.listShown(accountId, {}, page, undefined, true)).rows
    const shipmentIds = linked.map((row) => row.id)
    const containerIds = await service.storage.containers.idsByShipmentIds(accountId, shipmentIds)
    for (const row of linked)
      expect('container_ids' in row && row.container_ids).toEqual(
        containerIds.filter((c) => c.shipment_id === row.id).map((c) => c.id),
      )
    const unlinked = (await service.storage.shipments.listShown(accountId, {}, page)).rows
    expect(unlinked.some((row) => 'container_ids' in row)).toBe(false)
    // read as one text a row (packed-keys.ts): each id, and each absent one, as the full row has it
    const full = (await service.storage.shipments.list(accountId, {}, page)).rows
    const keys = ['id', 'port_of_lading_id', 'port_of_discharge_id', 'pod_terminal_id', 'destination_id']
    const keysOf = (rows: Record<string, unknown>[]) =>
      rows.map((row) =>
        [...keys, 'destination_terminal_id', 'pod_vessel_id', 'customer_id'].map((k) => row[k]),
      )
    expect(keysOf(linked)).toEqual(keysOf(full))
    expect(keysOf(unlinked)).toEqual(keysOf(full))
    expect(full.some((row) => row.destination_id === null) && full.some((row) => row.customer_id)).toBe(true)

    // containers read without their linkage name their events by the linkage query, and shown ones carry
    // theirs, both in the order the events' own queries read them
    const ids = containerIds.map((c) => c.id)
    const events = await service.storage.events.shownTransportByContainerIds(accountId, ids)
    const raws = await service.storage.events.rawByContainerIds(accountId, ids)
    const linkage = await service.storage.events.eventLinkageByContainerIds(accountId, ids)
    // as primary data; included in a list they carry none
    const shown = new Map<string, ShownContainer>()
    for (const id of ids) shown.set(id, (await service.storage.containers.shownGet(accountId, id))!)
    const included = await service.storage.containers.shownByIds(accountId, ids)
    expect(included.some((c) => 'transport_linkage' in c || 'raw_linkage' in c)).toBe(false)
    expect(events.length).toBeGreaterThan(0)
    expect(raws.length).toBeGreaterThan(0)
    for (const id of ids) {
      const transport = events
        .filter((e) => e.container_id === id)
        .map((e) => ({ type: 'transport_event', id: e.id }))
      const raw = raws.filter((e) => e.container_id === id).map((e) => ({ type: 'raw_event', id: e.id }))
      expect(JSON.parse(linkage.transport.get(id)!)).toEqual(transport)
      expect(JSON.parse(shown.get(id)!.transport_linkage!)).toEqual(transport)
      expect(JSON.parse(linkage.raw.get(id)!)).toEqual(raw)
      expect(JSON.parse(shown.get(id)!.raw_linkage!)).toEqual(raw)
    }
  })

  it('show a list read again with every change since, however the row was changed', async () => {
    const path = '/v2/shipments?page[size]=5&include=containers'
    const fresh = () => service.call('GET', path, { key: KEY, headers: { 'Cache-Control': 'no-cache' } })
    const before = (await fresh()).body
    const [shipment] = before.data
    const container = before.included.find(
      (resource: { id: string }) => resource.id === shipment.relationships.containers.data[0].id,
    )
    // written straight to the database, past the app, updated_at and the response cache
    await service.storage.db.execute(
      sql`update ${containers} set seal_number = 'SEAL-CHANGED' where ${containers.id} = ${container.id}`,
    )
    await service.storage.db.execute(
      sql`update ${shipments} set customer_name = 'Changed Customer' where ${shipments.id} = ${shipment.id}`,
    )
    const after = (await fresh()).body
    expect(after.data[0].attributes.customer_name).toBe('Changed Customer')
    expect(after.data[0].attributes.updated_at).toBe(shipment.attributes.updated_at)
    const changed = after.included.find((resource: { id: string }) => resource.id === container.id)
    expect(changed.attributes).toEqual({ ...container.attributes, seal_number: 'SEAL-CHANGED' })
    // the rest as before, and all of it as full rows render it
    expect(after.data.slice(1)).toEqual(before.data.slice(1))
    const rows = await service.storage.containers.byShipmentIds(
      accountId,
      after.data.map((resource: { id: string }) => resource.id),
    )
    for (const row of rows)
      same(
        JSON.stringify(after.included.find((resource: { id: string }) => resource.id === row.id).attributes),
        containerAttributes.of(row),
      )
  })

  it('show the board read again with every change since, its texts the same as full rows render', async () => {
    const path = '/v2/containers?page[size]=10&include=shipment,pod_terminal&counts=tabs'
    const fresh = () => service.call('GET', path, { key: KEY, headers: { 'Cache-Control': 'no-cache' } })
    const before = (await fresh()).body
    const [first] = before.data
    await service.storage.db.execute(
      sql`update ${containers} set seal_number = 'SEAL-BOARD' where ${containers.id} = ${first.id}`,
    )
    const shipmentId = first.relationships.shipment.data.id
    await service.storage.db.execute(
      sql`update ${shipments} set customer_name = 'Board Customer' where ${shipments.id} = ${shipmentId}`,
    )
    const after = (await fresh()).body
    expect(after.data[0].attributes).toEqual({ ...first.attributes, seal_number: 'SEAL-BOARD' })
    const included = (body: { included: { id: string; attributes: Record<string, unknown> }[] }) =>
      body.included.find((resource) => resource.id === shipmentId)!
    expect(included(after).attributes).toEqual({
      ...included(before).attributes,
      customer_name: 'Board Customer',
    })
    expect(after.data.slice(1)).toEqual(before.data.slice(1))
    const rows = await service.storage.containers.byIds(
      accountId,
      after.data.map((resource: { id: string }) => resource.id),
    )
    for (const row of rows)
      same(
        JSON.stringify(after.data.find((resource: { id: string }) => resource.id === row.id).attributes),
        containerAttributes.of(row),
      )
    // linkage as a container read alone gives it
    const alone = (await service.get(`/v2/containers/${first.id}`)).body
    expect(after.data[0].relationships).toEqual(alone.data.relationships)
    // as it was: lists cached before this test stay true for the tests after it
    await service.storage.db.execute(
      sql`update ${shipments} set customer_name = ${included(before).attributes.customer_name as string} where ${shipments.id} = ${shipmentId}`,
    )
  })

  it("show the board read again with its containers' events changed past the app, in their order", async () => {
    const path = '/v2/containers?page[size]=10&include=shipment,pod_terminal&counts=tabs'
    const fresh = async () =>
      (await service.call('GET', path, { key: KEY, headers: { 'Cache-Control': 'no-cache' } })).body as {
        data: { id: string; attributes: unknown; relationships: Record<string, { data: { id: string }[] }> }[]
      }
    const linkOf = (body: Awaited<ReturnType<typeof fresh>>, id: string, name: string) =>
      body.data.find((resource) => resource.id === id)!.relationships[name].data.map((item) => item.id)
    const before = await fresh()
    const container = before.data.find(
      (resource) =>
        resource.relationships.transport_events.data.length > 0 &&
        resource.relationships.raw_events.data.length > 0,
    )!
    // written straight to the database, past the app: the container's own row is not touched
    const added = await service.storage.db.execute<{ id: string }>(sql`
      insert into transport_events
      select (jsonb_populate_record(null::transport_events, to_jsonb(e) || jsonb_build_object('id', gen_random_uuid(),
        'timestamp', e.timestamp + interval '400 days'))).*
      from (select * from transport_events where container_id = ${container.id} order by timestamp limit 1) e
      returning id`)
    const newId = added.rows[0].id
    const removed = await service.storage.db.execute<{ id: string; kept: unknown }>(sql`
      delete from raw_events where id = (select id from raw_events where container_id = ${container.id} order by index limit 1)
      returning id, to_jsonb(raw_events.*) as kept`)
    const [gone] = removed.rows
    const afterInsert = await fresh()
    expect(linkOf(afterInsert, container.id, 'transport_events')).toEqual([
      ...linkOf(before, container.id, 'transport_events'),
      newId,
    ])
    expect(linkOf(afterInsert, container.id, 'raw_events')).toEqual(
      linkOf(before, container.id, 'raw_events').filter((id) => id !== gone.id),
    )
    // an event moved in time is listed in its new place
    await service.storage.db.execute(
      sql`update transport_events set timestamp = timestamp - interval '800 days' where id = ${newId}`,
    )
    const afterMove = await fresh()
    expect(linkOf(afterMove, container.id, 'transport_events')).toEqual([
      newId,
      ...linkOf(before, container.id, 'transport_events'),
    ])
    // the same as the linkage query gives containers read without their texts
    const linkage = await service.storage.events.eventLinkageByContainerIds(accountId, [container.id])
    expect(JSON.parse(linkage.transport.get(container.id)!).map((item: { id: string }) => item.id)).toEqual(
      linkOf(afterMove, container.id, 'transport_events'),
    )
    expect(afterMove.data.filter((resource) => resource.id !== container.id)).toEqual(
      before.data.filter((resource) => resource.id !== container.id),
    )
    // as it was, for the tests after this one
    await service.storage.db.execute(sql`delete from transport_events where id = ${newId}`)
    await service.storage.db.execute(
      sql`insert into raw_events select (jsonb_populate_record(null::raw_events, ${JSON.stringify(gone.kept)}::jsonb)).*`,
    )
    expect((await fresh()).data).toEqual(before.data)
  })

  it('go out through the API as one document, the same as when rendered from full rows', async () => {
    const listed = (await service.get('/v2/shipments?page[size]=5&include=containers')).body
    const [one] = listed.data
    const alone = (await service.get(`/v2/shipments/${one.id}`)).body
    expect(alone.data.attributes).toEqual(one.attributes)
    const fromFull = shipmentAttributes.of((await service.storage.shipments.byIds(accountId, [one.id]))[0])
    expect(JSON.stringify(one.attributes)).toBe(JSON.stringify(fromFull))
    const container = listed.included[0]
    const fetched = (await service.get(`/v2/containers/${container.id}?include=shipment`)).body
    expect(fetched.data.attributes).toEqual(container.attributes)
  })
})
