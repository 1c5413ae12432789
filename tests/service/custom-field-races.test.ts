import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  CustomFieldDefinitionDocumentSchema,
  CustomFieldListDocumentSchema,
  CustomFieldOptionDocumentSchema,
} from '../../src/contract/custom-fields'
import { ShipmentListDocumentSchema } from '../../src/contract/shipments'
import { DATABASE_KINDS } from '../support/databases'
import { KEY, parsed, type Service, startService } from './harness'

const TRIALS = 50
const CLIENTS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']
const value = (api_slug: string, v: unknown) =>
  JSON.stringify({ data: { type: 'custom_field', attributes: { api_slug, value: v } } })

describe.each(DATABASE_KINDS)('custom field writes at the same moment on %s', (kind) => {
  let service: Service
  let shipmentIds: string[]
  beforeAll(async () => {
    service = await startService(kind, { shipments: 10 })
    shipmentIds = parsed(
      ShipmentListDocumentSchema,
      (await service.get('/v2/shipments?page[size]=10')).body,
    ).data.map((s) => s.id)
  })
  afterAll(() => service?.stop())

  const define = async (api_slug: string, data_type: string) => {
    const response = await service.call('POST', '/v2/custom_field_definitions', {
      body: JSON.stringify({
        data: {
          type: 'custom_field_definition',
          attributes: { entity_type: 'Shipment', api_slug, display_name: api_slug, data_type },
        },
      }),
    })
    expect(response.status).toBe(201)
    return parsed(CustomFieldDefinitionDocumentSchema, response.body).data.id
  }
  const valuesOf = async (shipmentId: string, slug: string) =>
    parsed(
      CustomFieldListDocumentSchema,
      (await service.get(`/v2/shipments/${shipmentId}/custom_fields?page[size]=100`)).body,
    ).data.filter((f) => f.attributes.api_slug === slug)

  it(`never leaves a value holding an option deleted while it was set (${TRIALS} trials)`, async () => {
    const definitionId = await define('race_berth', 'enum')
    const stranded: string[] = []
    for (let trial = 0; trial < TRIALS; trial++) {
      const shipmentId = shipmentIds[trial % shipmentIds.length]
      const created = await service.call('POST', `/v2/custom_field_definitions/${definitionId}/options`, {
        body: JSON.stringify({
          data: { type: 'custom_field_option', attributes: { label: `Berth ${trial}`, value: `b${trial}` } },
        }),
      })
      const optionId = parsed(CustomFieldOptionDocumentSchema, created.body).data.id
      const [set, deleted] = await Promise.all([
        service.call('POST', `/v2/shipments/${shipmentId}/custom_fields`, {
          body: value('race_berth', `b${trial}`),
        }),
        service.call('DELETE', `/v2/custom_field_definitions/${definitionId}/options/${optionId}`),
      ])
      expect([201, 422]).toContain(set.status)
      expect(deleted.status).toBe(200)
      const held = await valuesOf(shipmentId, 'race_berth')
      if (held.some((f) => f.attributes.value === `b${trial}`)) stranded.push(`b${trial}`)
    }
    expect(stranded).toEqual([])
  })

  it(`keeps one "created" in a value's history when clients set it at once (${TRIALS} trials)`, async () => {
    const definitionId = await define('race_note', 'short_text')
    const { customFields } = service.storage
    const account_id = (await service.storage.apiKeys.authenticate(KEY))!.accountId
    const wrong: unknown[] = []
    for (let trial = 0; trial < TRIALS; trial++) {
      const shipmentId = shipmentIds[trial % shipmentIds.length]
      await customFields.deleteValue(account_id, shipmentId, definitionId)
      // straight to the store, all at once: over HTTP the requests rarely meet
      const ids = await Promise.all(
        CLIENTS.map((who) =>
          customFields.upsertValue({
            account_id,
            definition_id: definitionId,
            entity_type: 'Shipment',
            entity_id: shipmentId,
            api_slug: 'race_note',
            value: `${who}${trial}`,
            display_value: `${who}${trial}`,
          }),
        ),
      )
      const [kept] = await customFields.valuesByIds(account_id, [ids[0].id])
      const changes = (await customFields.history(account_id, kept.id, { number: 1, size: 100 })).rows
        .map((c) => [c.action, c.value, c.previous_value])
        .toReversed()
      // one creation, then each write replacing the one before it, ending with the value kept
      const fits =
        changes.length === CLIENTS.length &&
        changes.every(([action], i) => action === (i === 0 ? 'created' : 'updated')) &&
        changes.every(([, , previous], i) => previous === (i === 0 ? null : changes[i - 1][1])) &&
        changes.at(-1)?.[1] === kept.value
      if (!fits) wrong.push(changes)
    }
    expect(wrong).toEqual([])
  })
})
