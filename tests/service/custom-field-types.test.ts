import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  CustomFieldChangeListDocumentSchema,
  CustomFieldDefinitionDocumentSchema,
  CustomFieldDocumentSchema,
} from '../../src/contract/custom-fields'
import { ErrorDocumentSchema } from '../../src/contract/document'
import { ShipmentListDocumentSchema } from '../../src/contract/shipments'
import { DATABASE_KINDS } from '../support/databases'
import { OTHER_KEY, parsed, READ_KEY, type Service, startService } from './harness'

const definitionBody = (attributes: Record<string, unknown>) =>
  JSON.stringify({
    data: { type: 'custom_field_definition', attributes: { entity_type: 'Shipment', ...attributes } },
  })
const valueBody = (api_slug: string, value: unknown) =>
  JSON.stringify({ data: { type: 'custom_field', attributes: { api_slug, value } } })

describe.each(DATABASE_KINDS)('custom field values of every data type on %s', (kind) => {
  let service: Service
  let shipmentId: string
  let containerNumberId: string
  const define = async (attributes: Record<string, unknown>, options: string[] = []) => {
    const response = await service.call('POST', '/v2/custom_field_definitions', {
      body: definitionBody({ display_name: attributes.api_slug, ...attributes }),
    })
    expect(response.status, JSON.stringify(response.body)).toBe(201)
    const id = parsed(CustomFieldDefinitionDocumentSchema, response.body).data.id
    for (const option of options)
      await service.call('POST', `/v2/custom_field_definitions/${id}/options`, {
        body: JSON.stringify({
          data: { type: 'custom_field_option', attributes: { label: option.toUpperCase(), value: option } },
        }),
      })
    return id
  }
  const set = (slug: string, value: unknown) =>
    service.call('POST', `/v2/shipments/${shipmentId}/custom_fields`, { body: valueBody(slug, value) })

  beforeAll(async () => {
    service = await startService(kind, { shipments: 8 })
    const shipments = parsed(
      ShipmentListDocumentSchema,
      (await service.get('/v2/shipments?page[size]=1')).body,
    )
    shipmentId = shipments.data[0].id
    containerNumberId = shipments.data[0].relationships?.containers?.data?.[0]?.id ?? ''
    await define({ api_slug: 't_text', data_type: 'short_text', validation: { max_length: 10 } })
    await define({ api_slug: 't_number', data_type: 'number' })
    await define({ api_slug: 't_integer', data_type: 'number', default_format: 'integer' })
    await define({ api_slug: 't_cents', data_type: 'number', default_format: 'decimal:2' })
    await define({ api_slug: 't_pattern', data_type: 'number', default_format: '0,0.00' })
    await define({
      api_slug: 't_money',
      data_type: 'number',
      default_format: 'currency:EUR',
      validation: { min: 0 },
    })
    await define({ api_slug: 't_date', data_type: 'date' })
    await define({ api_slug: 't_datetime', data_type: 'datetime' })
    await define({ api_slug: 't_flag', data_type: 'boolean' })
    await define({ api_slug: 't_choice', data_type: 'enum' }, ['red', 'green', 'blue'])
    await define({ api_slug: 't_choices', data_type: 'enum_multi' }, ['red', 'green', 'blue'])
    await define({ api_slug: 't_ref', data_type: 'reference', reference_type: 'container' })
  })
  afterAll(() => service?.stop())

  it.each([
    ['t_text', 'Hold CFS', 'Hold CFS', 'Hold CFS'],
    ['t_number', 1250.5, 1250.5, '1,250.5'],
    ['t_number', '-42.75', -42.75, '-42.75'],
    ['t_integer', 1250, 1250, '1,250'],
    ['t_cents', '19.9', 19.9, '19.90'],
    ['t_pattern', 1250.5, 1250.5, '1,250.50'],
    ['t_money', 1250, 1250, '€1,250.00'],
    ['t_date', '2028-02-29', '2028-02-29', '2028-02-29'],
    ['t_datetime', '2026-03-14T09:30:00-05:00', '2026-03-14T14:30:00.000Z', '2026-03-14T14:30:00.000Z'],
    ['t_flag', false, false, 'No'],
    ['t_choice', 'green', 'green', 'GREEN'],
    ['t_choices', ['blue', 'red'], ['blue', 'red'], 'BLUE, RED'],
    ['t_choices', [], [], ''],
  ])('stores %s = %j as %j and shows it as %j', async (slug, sent, stored, shown) => {
    const response = await set(slug, sent)
    expect(response.status, JSON.stringify(response.body)).toBe(201)
    expect(parsed(CustomFieldDocumentSchema, response.body).data.attributes).toMatchObject({
      value: stored,
      display_value: shown,
    })
  })

  it('stores a reference to a container in the account, shown by its number', async () => {
    const response = await set('t_ref', containerNumberId)
    expect(response.status).toBe(201)
    expect(parsed(CustomFieldDocumentSchema, response.body).data.attributes.display_value).toMatch(
      /^[A-Z]{4}\d{7}$/,
    )
  })

  it.each([
    ['t_text', 42, 'takes text'],
    ['t_text', 'much too long here', 'at most 10 characters'],
    ['t_text', 'two\nlines', 'one line of text'],
    ['t_number', 'lots', 'takes a number'],
    ['t_number', '0x10', 'digits and a decimal point only'],
    ['t_number', '1e3', 'digits and a decimal point only'],
    ['t_number', '1,250', 'digits and a decimal point only'],
    ['t_number', ' 12', 'digits and a decimal point only'],
    ['t_number', 1e300, 'a number between'],
    ['t_integer', 12.5, 'whole number'],
    ['t_cents', 19.999, 'at most 2 decimal places'],
    ['t_money', -5, 'at least 0'],
    ['t_date', '2026-02-30', 'YYYY-MM-DD'],
    ['t_date', '2027-02-29', 'YYYY-MM-DD'],
    ['t_date', '2026-13-01', 'YYYY-MM-DD'],
    ['t_date', '0000-01-01', 'YYYY-MM-DD'],
    ['t_date', '2026-3-4', 'YYYY-MM-DD'],
    ['t_date', 20260314, 'YYYY-MM-DD'],
    ['t_datetime', '2026-04-31T10:00:00Z', 'ISO 8601'],
    ['t_datetime', '2026-03-14T25:00:00Z', 'ISO 8601'],
    ['t_datetime', '2026-03-14T10:00:00', 'ISO 8601'],
    ['t_flag', 'yes', 'true or false'],
    ['t_flag', 1, 'true or false'],
    ['t_choice', 'purple', 'must be one of: red, green, blue'],
    ['t_choice', ['red'], 'must be one of'],
    ['t_choices', ['red', 'red'], 'lists red more than once'],
    ['t_choices', ['red', 'purple'], 'purple is not an option'],
    ['t_choices', 'red', 'takes a list of options'],
    ['t_choices', ['red', 7], 'a list of texts'],
    ['t_ref', 'not-an-id', 'must be the id of a container'],
  ])('refuses %s = %j with 422 at the value, saying %j', async (slug, sent, words) => {
    const response = await set(slug, sent)
    expect(response.status).toBe(422)
    const [error] = parsed(ErrorDocumentSchema, response.body).errors
    expect(error.source?.pointer).toBe('/data/attributes/value')
    expect(error.detail).toContain(words)
  })

  it.each([
    [
      { api_slug: 'bad_format', data_type: 'number', default_format: 'roman' },
      '/data/attributes/default_format',
    ],
    [
      { api_slug: 'bad_cur', data_type: 'number', default_format: 'currency:XYZ' },
      '/data/attributes/default_format',
    ],
    [
      { api_slug: 'text_format', data_type: 'short_text', default_format: 'integer' },
      '/data/attributes/default_format',
    ],
    [{ api_slug: 'date_rule', data_type: 'date', validation: { min: 1 } }, '/data/attributes/validation/min'],
    [
      { api_slug: 'flipped', data_type: 'number', validation: { min: 5, max: 1 } },
      '/data/attributes/validation/min',
    ],
    [
      { api_slug: 'bad_default', data_type: 'date', default_value: '2026-02-30' },
      '/data/attributes/default_value',
    ],
  ])('refuses a definition whose settings do not fit its type: %j', async (attributes, pointer) => {
    const response = await service.call('POST', '/v2/custom_field_definitions', {
      body: definitionBody({ display_name: 'X', ...attributes }),
    })
    expect(response.status).toBe(422)
    expect(parsed(ErrorDocumentSchema, response.body).errors[0].source?.pointer).toBe(pointer)
  })

  it('renames a slug until the field has a value, then refuses with 422 saying why', async () => {
    const id = await define({ api_slug: 'draft_slug', data_type: 'short_text' })
    const rename = (api_slug: string) =>
      service.call('PATCH', `/v2/custom_field_definitions/${id}`, {
        body: JSON.stringify({ data: { type: 'custom_field_definition', id, attributes: { api_slug } } }),
      })
    const renamed = await rename('final_slug')
    expect(renamed.status).toBe(200)
    expect(parsed(CustomFieldDefinitionDocumentSchema, renamed.body).data.attributes.api_slug).toBe(
      'final_slug',
    )
    expect((await rename('t_text')).body.errors[0]).toMatchObject({ code: 'duplicate' })
    expect((await set('final_slug', 'set')).status).toBe(201)
    const refused = await rename('another_slug')
    expect(refused.status).toBe(422)
    expect(parsed(ErrorDocumentSchema, refused.body).errors[0]).toMatchObject({
      source: { pointer: '/data/attributes/api_slug' },
    })
    expect(refused.body.errors[0].detail).toContain('1 value')
  })

  it('keeps who changed a value and when, newest first, and keeps it after the value is removed', async () => {
    await define({ api_slug: 'audited', data_type: 'short_text' })
    const first = parsed(CustomFieldDocumentSchema, (await set('audited', 'one')).body).data
    service.advance(60_000)
    await set('audited', 'two')
    await set('audited', 'two')
    service.advance(60_000)
    expect((await service.call('DELETE', `/v2/shipments/${shipmentId}/custom_fields/audited`)).status).toBe(
      204,
    )
    const history = await service.get(`/v2/custom_fields/${first.id}/history`, READ_KEY)
    expect(history.status).toBe(200)
    const changes = parsed(CustomFieldChangeListDocumentSchema, history.body).data
    expect(
      changes.map((c) => [
        c.attributes.action,
        c.attributes.value ?? null,
        c.attributes.previous_value ?? null,
      ]),
    ).toEqual([
      ['removed', null, 'two'],
      ['updated', 'two', 'one'],
      ['created', 'one', null],
    ])
    expect(changes[0].attributes.changed_by).toEqual(expect.any(String))
    expect(
      new Date(changes[0].attributes.changed_at).getTime() -
        new Date(changes[2].attributes.changed_at).getTime(),
    ).toBe(120_000)
    expect(changes[0].relationships?.custom_field?.data).toEqual({ type: 'custom_field', id: first.id })
  })

  it('counts values and options, and deleting an option takes it out of the values that hold it', async () => {
    const id = await define({ api_slug: 'tint', data_type: 'enum_multi' }, ['cyan', 'plum', 'sand'])
    const single = await define({ api_slug: 'shade', data_type: 'enum' }, ['cyan', 'plum'])
    const held = parsed(CustomFieldDocumentSchema, (await set('tint', ['cyan', 'plum'])).body).data
    const gone = parsed(CustomFieldDocumentSchema, (await set('shade', 'plum')).body).data
    const read = async (definitionId: string) =>
      parsed(
        CustomFieldDefinitionDocumentSchema,
        (await service.get(`/v2/custom_field_definitions/${definitionId}?include=options`)).body,
      )
    const before = await read(id)
    expect(before.data.attributes).toMatchObject({ value_count: 1, option_count: 3 })
    const counts = Object.fromEntries(
      (before.included ?? []).map((o) => [o.attributes?.value, o.attributes?.value_count]),
    )
    expect(counts).toEqual({ cyan: 1, plum: 1, sand: 0 })
    const optionId = (definitionId: string, value: string) =>
      service
        .get(`/v2/custom_field_definitions/${definitionId}/options`)
        .then(
          (r) => r.body.data.find((o: { attributes: { value: string } }) => o.attributes.value === value).id,
        )
    const remove = async (definitionId: string, value: string) =>
      service.call(
        'DELETE',
        `/v2/custom_field_definitions/${definitionId}/options/${await optionId(definitionId, value)}`,
      )
    expect((await remove(id, 'plum')).status).toBe(200)
    expect((await remove(single, 'plum')).status).toBe(200)
    const after = parsed(
      CustomFieldDocumentSchema,
      (await service.get(`/v2/custom_fields/${held.id}`)).body,
    ).data
    expect(after.attributes).toMatchObject({ value: ['cyan'], display_value: 'CYAN' })
    expect((await service.get(`/v2/custom_fields/${gone.id}`)).status).toBe(404)
    const history = parsed(
      CustomFieldChangeListDocumentSchema,
      (await service.get(`/v2/custom_fields/${gone.id}/history`)).body,
    ).data
    expect(history[0].attributes).toMatchObject({ action: 'removed', previous_value: 'plum' })
    expect((await read(single)).data.attributes).toMatchObject({ value_count: 0, option_count: 1 })
  })

  it('answers 404 for the history of a value that never was, and 404 across accounts', async () => {
    expect((await service.get('/v2/custom_fields/00000000-0000-4000-8000-000000000001/history')).status).toBe(
      404,
    )
    expect((await service.get('/v2/custom_fields/nope/history')).status).toBe(404)
    const theirs = parsed(CustomFieldDocumentSchema, (await set('t_flag', true)).body).data.id
    expect((await service.get(`/v2/custom_fields/${theirs}/history`, OTHER_KEY)).status).toBe(404)
  })
})
