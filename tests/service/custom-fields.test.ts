import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ContainerListDocumentSchema } from '../../src/contract/containers'
import {
  CustomFieldDefinitionDocumentSchema,
  CustomFieldDefinitionListDocumentSchema,
  CustomFieldDocumentSchema,
  CustomFieldListDocumentSchema,
  CustomFieldOptionDocumentSchema,
} from '../../src/contract/custom-fields'
import { ErrorDocumentSchema } from '../../src/contract/document'
import { ShipmentListDocumentSchema } from '../../src/contract/shipments'
import { DATABASE_KINDS } from '../support/databases'
import { answerTo, KEY, OTHER_KEY, parsed, READ_KEY, type Service, startService } from './harness'

const value = (api_slug: string, v: unknown) =>
  JSON.stringify({ data: { type: 'custom_field', attributes: { api_slug, value: v } } })

describe.each(DATABASE_KINDS)('custom fields over HTTP on %s', (kind) => {
  let service: Service
  let containerId: string
  let shipmentId: string
  beforeAll(async () => {
    service = await startService(kind)
    containerId = parsed(ContainerListDocumentSchema, (await service.get('/v2/containers?page[size]=1')).body)
      .data[0].id
    shipmentId = parsed(ShipmentListDocumentSchema, (await service.get('/v2/shipments?page[size]=1')).body)
      .data[0].id
  })
  afterAll(() => service?.stop())

  it('has demo definitions of every data type', async () => {
    const list = parsed(
      CustomFieldDefinitionListDocumentSchema,
      (await service.get('/v2/custom_field_definitions?page[size]=100')).body,
    )
    expect(new Set(list.data.map((d) => d.attributes.data_type))).toEqual(
      new Set(['short_text', 'number', 'date', 'datetime', 'boolean', 'enum', 'enum_multi', 'reference']),
    )
  })

  it('creates a container field with 201, then updates the same field in place', async () => {
    const created = await service.call('POST', `/v2/containers/${containerId}/custom_fields`, {
      body: value('handling', ['fragile']),
    })
    expect(created.status).toBe(201)
    const field = parsed(CustomFieldDocumentSchema, created.body).data
    expect(field.attributes).toMatchObject({
      api_slug: 'handling',
      value: ['fragile'],
      display_value: 'Fragile',
    })
    expect(field.relationships?.entity?.data).toEqual({ type: 'container', id: containerId })
    const again = await service.call('POST', `/v2/containers/${containerId}/custom_fields`, {
      body: value('handling', ['hazmat', 'oversize']),
    })
    expect(parsed(CustomFieldDocumentSchema, again.body).data.id).toBe(field.id)
    const list = parsed(
      CustomFieldListDocumentSchema,
      (await service.get(`/v2/containers/${containerId}/custom_fields`)).body,
    )
    expect(list.data.filter((f) => f.attributes.api_slug === 'handling')).toHaveLength(1)
    expect(list.meta?.size).toBe(25)
  })

  it.each([
    ['an option that does not exist', 'priority', 'urgent', 'must be one of: high, normal, low'],
    ['text in a number field', 'invoice_value', 'a lot', 'takes a number'],
    ['a date that does not exist', 'promised_date', '2026-02-30', 'YYYY-MM-DD'],
  ])('refuses %s with 422 at /data/attributes/value', async (_, slug, v, words) => {
    const response = await service.call('POST', `/v2/shipments/${shipmentId}/custom_fields`, {
      body: value(slug, v),
    })
    expect(response.status).toBe(422)
    const error = parsed(ErrorDocumentSchema, response.body).errors[0]
    expect(error.source?.pointer).toBe('/data/attributes/value')
    expect(error.detail).toContain(words)
  })

  it('refuses a field that is not defined for containers, pointing at api_slug', async () => {
    const response = await service.call('POST', `/v2/containers/${containerId}/custom_fields`, {
      body: value('priority', 'high'),
    })
    expect(response.status).toBe(422)
    expect(response.body.errors[0].source.pointer).toBe('/data/attributes/api_slug')
  })

  it('needs show permission to list and update permission to write', async () => {
    expect((await service.get(`/v2/containers/${containerId}/custom_fields`, OTHER_KEY)).status).toBe(404)
    expect((await service.get(`/v2/containers/${containerId}/custom_fields`, READ_KEY)).status).toBe(200)
    const readOnly = await service.call('POST', `/v2/containers/${containerId}/custom_fields`, {
      key: READ_KEY,
      body: value('needs_exam', true),
    })
    expect(readOnly.status).toBe(403)
    const otherAccount = await service.call('POST', `/v2/containers/${containerId}/custom_fields`, {
      key: OTHER_KEY,
      body: value('needs_exam', true),
    })
    expect(otherAccount.status).toBe(404)
  })

  it('edits and deletes a shipment field by its slug', async () => {
    await service.call('POST', `/v2/shipments/${shipmentId}/custom_fields`, {
      body: value('broker', 'Livingston'),
    })
    const patched = await service.call('PATCH', `/v2/shipments/${shipmentId}/custom_fields/broker`, {
      body: JSON.stringify({ data: { type: 'custom_field', attributes: { value: 'Expeditors' } } }),
    })
    expect(parsed(CustomFieldDocumentSchema, patched.body).data.attributes.value).toBe('Expeditors')
    expect((await service.call('DELETE', `/v2/shipments/${shipmentId}/custom_fields/broker`)).status).toBe(
      204,
    )
    expect((await service.call('DELETE', `/v2/shipments/${shipmentId}/custom_fields/broker`)).status).toBe(
      404,
    )
  })

  it('lists values across entities with filters', async () => {
    const all = parsed(
      CustomFieldListDocumentSchema,
      (await service.get('/v2/custom_fields?filter[entity_type]=Cargo&page[size]=100')).body,
    )
    expect(all.data.length).toBeGreaterThan(0)
    expect((await service.get('/v2/custom_fields?filter[entity_type]=Boat')).status).toBe(400)
  })

  it('defines a new enum field with options, refusing a duplicate slug and options on a text field', async () => {
    const definition = await service.call('POST', '/v2/custom_field_definitions', {
      body: JSON.stringify({
        data: {
          type: 'custom_field_definition',
          attributes: {
            entity_type: 'Container',
            api_slug: 'yard_zone',
            display_name: 'Yard zone',
            data_type: 'enum',
          },
        },
      }),
    })
    expect(definition.status).toBe(201)
    const id = parsed(CustomFieldDefinitionDocumentSchema, definition.body).data.id
    const option = await service.call('POST', `/v2/custom_field_definitions/${id}/options`, {
      body: JSON.stringify({
        data: { type: 'custom_field_option', attributes: { label: 'North', value: 'north' } },
      }),
    })
    expect(parsed(CustomFieldOptionDocumentSchema, option.body).data.attributes).toMatchObject({
      label: 'North',
      position: 0,
    })
    const set = await service.call('POST', `/v2/containers/${containerId}/custom_fields`, {
      body: value('yard_zone', 'north'),
    })
    expect(parsed(CustomFieldDocumentSchema, set.body).data.attributes.display_value).toBe('North')
    const duplicate = await service.call('POST', '/v2/custom_field_definitions', {
      body: JSON.stringify({
        data: {
          type: 'custom_field_definition',
          attributes: {
            entity_type: 'Container',
            api_slug: 'yard_zone',
            display_name: 'Again',
            data_type: 'short_text',
          },
        },
      }),
    })
    expect(duplicate.body.errors[0]).toMatchObject({
      code: 'duplicate',
      source: { pointer: '/data/attributes/api_slug' },
    })
    const text = parsed(
      CustomFieldDefinitionListDocumentSchema,
      (await service.get('/v2/custom_field_definitions?filter[data_type]=short_text')).body,
    ).data[0]
    const refused = await service.call('POST', `/v2/custom_field_definitions/${text.id}/options`, {
      body: JSON.stringify({ data: { type: 'custom_field_option', attributes: { label: 'X', value: 'x' } } }),
    })
    expect(refused.status).toBe(422)
    // 200 with no body, as the reference document says for this delete
    expect((await service.call('DELETE', `/v2/custom_field_definitions/${id}`)).status).toBe(200)
    expect((await service.get(`/v2/custom_field_definitions/${id}`)).status).toBe(404)
  })

  it('takes a reference to a record in the account, shown by its number, and refuses anything else', async () => {
    const container = parsed(
      ContainerListDocumentSchema,
      (await service.get('/v2/containers?page[size]=1')).body,
    ).data[0]
    const set = await service.call('POST', `/v2/shipments/${shipmentId}/custom_fields`, {
      body: value('customer_po', container.id),
    })
    expect(set.status).toBe(201)
    expect(parsed(CustomFieldDocumentSchema, set.body).data.attributes).toMatchObject({
      value: container.id,
      display_value: container.attributes.number,
    })
    const theirs = parsed(
      ShipmentListDocumentSchema,
      (await service.get('/v2/shipments?page[size]=1', OTHER_KEY)).body,
    ).data[0]
    for (const refused of [theirs.id, '00000000-0000-4000-8000-000000000001', 'PO-12345']) {
      const response = await service.call('PATCH', `/v2/shipments/${shipmentId}/custom_fields/customer_po`, {
        body: JSON.stringify({ data: { type: 'custom_field', attributes: { value: refused } } }),
      })
      expect(response.status).toBe(422)
      expect(parsed(ErrorDocumentSchema, response.body).errors[0]).toMatchObject({
        source: { pointer: '/data/attributes/value' },
        code: 'not_found',
      })
    }
  })

  it('refuses a datetime on a day the calendar does not have instead of moving it', async () => {
    const response = await service.call('POST', `/v2/shipments/${shipmentId}/custom_fields`, {
      body: value('booked_at', '2026-02-30T10:00:00Z'),
    })
    expect(response.status).toBe(422)
    expect(response.body.errors[0].source.pointer).toBe('/data/attributes/value')
  })

  it('answers an edit of a field that is not defined with 404, since the slug is in the path', async () => {
    const response = await service.call('PATCH', `/v2/shipments/${shipmentId}/custom_fields/nonexistent`, {
      body: JSON.stringify({ data: { type: 'custom_field', attributes: { value: 'x' } } }),
    })
    expect(response.status).toBe(404)
    expect(parsed(ErrorDocumentSchema, response.body).errors[0].detail).toContain('nonexistent')
  })

  it.each([
    ['entity.containers', 'Shipment', 'container'],
    ['entity.shipment', 'Cargo', 'shipment'],
  ])('includes %s through the polymorphic entity', async (include, entityType, nested) => {
    const response = await service.get(
      `/v2/custom_fields?filter[entity_type]=${entityType}&include=${include}&page[size]=5`,
    )
    expect(response.status).toBe(200)
    const list = parsed(CustomFieldListDocumentSchema, response.body)
    expect(list.data.length).toBeGreaterThan(0)
    expect(list.included?.map((r) => r.type)).toContain(nested)
  })

  it('answers a race for the same new slug with one 201 and the rest 422 duplicate, never 500', async () => {
    const define = () =>
      service.call('POST', '/v2/custom_field_definitions', {
        body: JSON.stringify({
          data: {
            type: 'custom_field_definition',
            attributes: {
              entity_type: 'Shipment',
              api_slug: 'raced',
              display_name: 'Raced',
              data_type: 'number',
            },
          },
        }),
      })
    const answers = await Promise.all(Array.from({ length: 6 }, define))
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422, 422, 422, 422, 422])
    for (const answer of answers.filter((a) => a.status === 422))
      expect(parsed(ErrorDocumentSchema, answer.body).errors[0]).toMatchObject({
        code: 'duplicate',
        source: { pointer: '/data/attributes/api_slug' },
      })
  })

  it('maps a unique index violation from the database itself to 422 duplicate', async () => {
    const [definition] = parsed(
      CustomFieldDefinitionListDocumentSchema,
      (await service.get('/v2/custom_field_definitions?filter[data_type]=short_text')).body,
    ).data
    const failure = await service.storage.customFields
      .createDefinition({
        account_id: (await service.storage.apiKeys.authenticate(KEY))!.accountId,
        entity_type: 'Shipment',
        api_slug: definition.attributes.api_slug,
        display_name: 'Again',
        data_type: 'short_text',
      })
      .catch((error: unknown) => error)
    const answer = await answerTo(failure)
    expect(answer.status).toBe(422)
    expect(ErrorDocumentSchema.parse(answer.body).errors[0]).toMatchObject({
      code: 'duplicate',
      source: { pointer: '/data/attributes/api_slug' },
    })
  })
})
