import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { containerStateOf } from '../../src/contract/container-state'
import { ContainerDocumentSchema } from '../../src/contract/containers'
import type { UpstreamResource } from '../../src/server/storage/mirror-rows'
import { applyResources } from '../../src/server/upstream/apply-document'
import { sweepUnseen } from '../../src/server/upstream/sweep-unseen'
import { tokenBucket } from '../../src/server/upstream/token-bucket'
import { upstreamClient } from '../../src/server/upstream/upstream-client'
import { DATABASE_KINDS } from '../support/databases'
import { NOW, parsed, type Service, startService } from './harness'

const link = (type: string, id: string) => ({ data: { type, id } })

/** A mirrored shipment with one container, and a custom field value on each. */
function upstreamAccount() {
  const [shipment, container] = [randomUUID(), randomUUID()]
  const definitions = [
    { slug: 'po', entity: 'Shipment' },
    { slug: 'seal', entity: 'Container' },
  ].map(({ slug, entity }) => ({
    id: randomUUID(),
    type: 'custom_field_definition',
    attributes: { entity_type: entity, api_slug: slug, display_name: slug, data_type: 'short_text' },
  }))
  const value = (definition: UpstreamResource, entity: { type: string; id: string }) => ({
    id: randomUUID(),
    type: 'custom_field',
    attributes: { api_slug: definition.attributes?.api_slug, value: 'X-1', display_value: 'X-1' },
    relationships: { definition: link('custom_field_definition', definition.id), entity: { data: entity } },
  })
  const resources: UpstreamResource[] = [
    {
      id: shipment,
      type: 'shipment',
      attributes: { bill_of_lading_number: `BL${shipment.slice(0, 8)}`, shipping_line_scac: 'MAEU' },
      relationships: { containers: { data: [{ type: 'container', id: container }] } },
    },
    { id: container, type: 'container', attributes: { number: 'MSCU1234565' } },
    ...definitions,
    value(definitions[0], { type: 'shipment', id: shipment }),
    value(definitions[1], { type: 'container', id: container }),
  ]
  return { shipment, container, resources }
}

describe.each(DATABASE_KINDS)('mirror writes on %s', (kind) => {
  let service: Service
  beforeAll(async () => {
    service = await startService(kind, { shipments: 1 })
  })
  afterAll(() => service?.stop())

  it("removes a gone shipment's custom field values with it, kept in their history as removed", async () => {
    const { storage } = service
    const accountId = randomUUID()
    await storage.upstream.ensureConnection(accountId, 'Mirror', 'http://upstream.test/v2', null)
    const { shipment, container, resources } = upstreamAccount()
    await storage.transaction((stores) => applyResources(stores, accountId, resources, NOW))
    const values = await storage.customFields.valuesByEntityIds(accountId, [shipment, container])
    expect(values.map((row) => row.entity_id).sort()).toEqual([shipment, container].sort())
    const client = upstreamClient({
      baseUrl: 'http://upstream.test/v2',
      apiKey: 'k',
      fetch: async () => new Response('{"errors":[{"status":"404"}]}', { status: 404 }),
      bucket: tokenBucket({ perMinute: 6000, now: () => Date.now(), sleep: async () => {} }),
      now: () => NOW,
      sleep: async () => {},
    })
    const later = new Date(NOW.getTime() + 60_000)
    const swept = await sweepUnseen(
      { storage, accountId, client, limit: 10, now: () => later },
      'shipments',
      later,
    )
    expect(swept).toEqual({ asked: 1, removed: 1 })
    expect(await storage.customFields.valuesByEntityIds(accountId, [shipment, container])).toEqual([])
    for (const row of values) {
      const history = await storage.customFields.history(accountId, row.id, { number: 1, size: 10 })
      expect(history.rows.map((change) => change.action)).toContain('removed')
    }
  })
  it("keeps a mirrored container's terminal and line last free days as sources, checked when the upstream checked them", async () => {
    const { storage } = service
    const accountId = randomUUID()
    const key = `mirror-lfd-${accountId}`
    await storage.upstream.ensureConnection(accountId, 'Mirror', 'http://upstream.test/v2', null)
    await storage.apiKeys.ensure(accountId, 'test', 'write', key)
    const { container, resources } = upstreamAccount()
    const hours = (h: number) => new Date(NOW.getTime() + h * 3_600_000).toISOString()
    const ms = (value: string | null | undefined) => (value ? Date.parse(value) : null)
    const waiting = (terminalCheckedAt: string) => ({
      id: container,
      type: 'container',
      attributes: {
        number: 'MSCU1234565',
        pod_arrived_at: hours(-30),
        pod_discharged_at: hours(-24),
        available_for_pickup: true,
        current_status: 'available',
        pickup_lfd: hours(120),
        import_deadlines: {
          pickup_lfd_terminal: hours(72),
          pickup_lfd_rail: null,
          pickup_lfd_line: hours(120),
        },
        terminal_checked_at: terminalCheckedAt,
        shipment_last_tracking_request_at: hours(-1),
      },
    })
    const read = async () =>
      parsed(
        ContainerDocumentSchema,
        (
          await service.call('GET', `/v2/containers/${container}`, {
            key,
            headers: { 'Cache-Control': 'no-cache' },
          })
        ).body,
      ).data.attributes
    const withContainer = (c: UpstreamResource) => resources.map((r) => (r.id === container ? c : r))
    await storage.transaction((stores) =>
      applyResources(stores, accountId, withContainer(waiting(hours(-10))), NOW),
    )
    const stale = await read()
    expect([stale.pickup_lfd_source, ms(stale.pickup_lfd), ms(stale.pickup_lfd_checked_at)]).toEqual([
      'terminal',
      ms(hours(72)),
      ms(hours(-10)),
    ])
    expect(stale.lfd_sources?.map((s) => [s.kind, ms(s.checked_at)])).toEqual([
      ['terminal', ms(hours(-10))],
      ['line', ms(hours(-1))],
    ])
    expect(containerStateOf(stale, NOW)).toBe('unconfirmed')
    const later = new Date(NOW.getTime() + 60_000)
    await storage.transaction((stores) =>
      applyResources(stores, accountId, withContainer(waiting(NOW.toISOString())), later),
    )
    const checked = await read()
    expect(ms(checked.pickup_lfd_checked_at)).toBe(NOW.getTime())
    expect(containerStateOf(checked, NOW)).toBe('available')
  })
})
