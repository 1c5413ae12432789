import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { UpstreamResource } from '../../src/server/storage/mirror-rows'
import { applyResources } from '../../src/server/upstream/apply-document'
import { sweepUnseen } from '../../src/server/upstream/sweep-unseen'
import { tokenBucket } from '../../src/server/upstream/token-bucket'
import { upstreamClient } from '../../src/server/upstream/upstream-client'
import { DATABASE_KINDS } from '../support/databases'
import { NOW, type Service, startService } from './harness'

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

describe.each(DATABASE_KINDS)('the deletions sweep on %s', (kind) => {
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
})
