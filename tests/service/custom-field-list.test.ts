import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CustomFieldDefinitionDocumentSchema } from '../../src/contract/custom-fields'
import { ErrorDocumentSchema } from '../../src/contract/document'
import { ShipmentListDocumentSchema } from '../../src/contract/shipments'
import { DATABASE_KINDS } from '../support/databases'
import { OTHER_KEY, parsed, type Service, startService } from './harness'

describe.each(DATABASE_KINDS)('shipments by custom field (a Quayside extension) on %s', (kind) => {
  let service: Service
  let ids: string[]
  const define = async (api_slug: string, data_type: string, options: string[] = []) => {
    const response = await service.call('POST', '/v2/custom_field_definitions', {
      body: JSON.stringify({
        data: {
          type: 'custom_field_definition',
          attributes: { entity_type: 'Shipment', api_slug, display_name: api_slug, data_type },
        },
      }),
    })
    const id = parsed(CustomFieldDefinitionDocumentSchema, response.body).data.id
    for (const value of options)
      await service.call('POST', `/v2/custom_field_definitions/${id}/options`, {
        body: JSON.stringify({ data: { type: 'custom_field_option', attributes: { label: value, value } } }),
      })
  }
  const set = (index: number, api_slug: string, value: unknown) =>
    service.call('POST', `/v2/shipments/${ids[index]}/custom_fields`, {
      body: JSON.stringify({ data: { type: 'custom_field', attributes: { api_slug, value } } }),
    })
  const list = async (query: string) => {
    const response = await service.get(`/v2/shipments?page[size]=100&${query}`)
    expect(response.status, JSON.stringify(response.body)).toBe(200)
    return parsed(ShipmentListDocumentSchema, response.body).data.map((s) => ids.indexOf(s.id))
  }

  beforeAll(async () => {
    service = await startService(kind, { shipments: 6 })
    ids = parsed(
      ShipmentListDocumentSchema,
      (await service.get('/v2/shipments?page[size]=100')).body,
    ).data.map((s) => s.id)
    await define('lane', 'enum', ['east', 'west', 'north'])
    await define('flags', 'enum_multi', ['cold', 'fragile', 'hazmat'])
    await define('weight', 'number')
    await define('due', 'date')
    await define('seen_at', 'datetime')
    await define('exam', 'boolean')
    await define('broker_name', 'short_text')
    const values: [number, string, unknown][] = [
      [0, 'lane', 'east'],
      [1, 'lane', 'west'],
      [2, 'lane', 'east'],
      [3, 'lane', 'north'],
      [0, 'flags', ['cold']],
      [1, 'flags', ['fragile', 'hazmat']],
      [2, 'flags', ['hazmat']],
      [0, 'weight', 900],
      [1, 'weight', 15000],
      [2, 'weight', 2500],
      [0, 'due', '2026-03-01'],
      [1, 'due', '2026-02-28'],
      [2, 'due', '2026-03-31'],
      [0, 'seen_at', '2026-03-01T23:30:00-05:00'],
      [1, 'seen_at', '2026-03-02T01:00:00Z'],
      [0, 'exam', true],
      [1, 'exam', false],
      [0, 'broker_name', 'Livingston'],
    ]
    for (const [index, slug, value] of values) expect((await set(index, slug, value)).status).toBe(201)
  })
  afterAll(() => service?.stop())

  it.each([
    ['filter[custom_fields.lane]=east', [0, 2]],
    ['filter[custom_fields.lane]=east,north', [0, 2, 3]],
    ['filter[custom_fields.flags]=hazmat', [1, 2]],
    ['filter[custom_fields.flags]=cold,fragile', [0, 1]],
    ['filter[custom_fields.weight]=1000..20000', [1, 2]],
    ['filter[custom_fields.weight]=..2500', [0, 2]],
    ['filter[custom_fields.weight]=900', [0]],
    ['filter[custom_fields.due]=2026-03-01..2026-03-31', [0, 2]],
    ['filter[custom_fields.due]=..2026-02-28', [1]],
    ['filter[custom_fields.seen_at]=2026-03-02T04:00:00Z..', [0]],
    ['filter[custom_fields.exam]=false', [1]],
    ['filter[custom_fields.broker_name]=Livingston', [0]],
    ['filter[custom_fields.lane]=east&filter[custom_fields.weight]=..1000', [0]],
  ])('keeps only the shipments %s matches', async (query, expected) => {
    expect((await list(query)).sort()).toEqual(expected)
  })

  it.each([
    ['sort=custom_fields.weight', [0, 2, 1]],
    ['sort=-custom_fields.weight', [1, 2, 0]],
    ['sort=custom_fields.due', [1, 0, 2]],
    ['sort=-custom_fields.seen_at', [0, 1]],
  ])('orders by %s, shipments without the field last', async (query, expected) => {
    const order = await list(query)
    expect(order.slice(0, expected.length)).toEqual(expected)
    expect(order).toHaveLength(ids.length)
  })

  it('pages through a custom field order without gaps or repeats, across the shipments without it', async () => {
    const whole = await list('sort=custom_fields.weight')
    const paged: number[] = []
    for (let page = 1; page <= 4; page++) {
      const response = await service.get(
        `/v2/shipments?sort=custom_fields.weight&page[size]=2&page[number]=${page}`,
      )
      const body = parsed(ShipmentListDocumentSchema, response.body)
      paged.push(...body.data.map((s) => ids.indexOf(s.id)))
      expect(body.meta?.total).toBe(ids.length)
    }
    expect(paged).toEqual(whole)
    expect(new Set(paged).size).toBe(ids.length)
  })

  it.each([
    ['filter[custom_fields.nothing]=x', 'filter[custom_fields.nothing]', 'not a shipment custom field'],
    ['filter[custom_fields.lane]=south', 'filter[custom_fields.lane]', 'south, not an option of lane'],
    ['filter[custom_fields.weight]=heavy', 'filter[custom_fields.weight]', 'takes a number'],
    ['filter[custom_fields.weight]=1..2..3', 'filter[custom_fields.weight]', 'from..to'],
    ['filter[custom_fields.due]=2026-02-30..', 'filter[custom_fields.due]', 'YYYY-MM-DD'],
    ['filter[custom_fields.exam]=maybe', 'filter[custom_fields.exam]', 'true or false'],
    ['filter[custom_fields.Lane]=east', 'filter[custom_fields.Lane]', 'filter[custom_fields.{api_slug}]'],
    ['filter[custom_fields.lane]=east&filter[custom_fields.lane]=west', 'filter[custom_fields.lane]', 'once'],
    ['sort=custom_fields.nothing', 'sort', 'not a shipment custom field'],
    ['sort=custom_fields.', 'sort', 'custom_fields.<api_slug>'],
  ])('answers %s with 400 naming the parameter', async (query, parameter, words) => {
    const response = await service.get(`/v2/shipments?${query}`)
    expect(response.status).toBe(400)
    const [error] = parsed(ErrorDocumentSchema, response.body).errors
    expect(error.source?.parameter).toBe(parameter)
    expect(error.detail).toContain(words)
  })

  it("never matches another account's fields: its slugs are not this account's", async () => {
    const response = await service.get('/v2/shipments?filter[custom_fields.lane]=east', OTHER_KEY)
    expect(response.status).toBe(400)
  })

  it('documents the filter family and the sort in /v2/openapi.json', async () => {
    const document = (await service.get('/v2/openapi.json')).body
    const names = document.paths['/shipments'].get.parameters.map((p: { name: string }) => p.name)
    expect(names).toEqual(expect.arrayContaining(['filter[custom_fields.{api_slug}]', 'sort', 'q']))
  })
})
