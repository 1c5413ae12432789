import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CustomFieldDocumentSchema } from '../../src/contract/custom-fields'
import { ErrorDocumentSchema } from '../../src/contract/document'
import { ShipmentDocumentSchema, ShipmentListDocumentSchema } from '../../src/contract/shipments'
import { DATABASE_KINDS } from '../support/databases'
import { parsed, type Service, startService } from './harness'

const shipmentPatch = (id: string, tags: string[]) =>
  JSON.stringify({ data: { type: 'shipment', id, attributes: { tags } } })
const valuePatch = (value: unknown) =>
  JSON.stringify({ data: { type: 'custom_field', attributes: { value } } })

describe.each(DATABASE_KINDS)('If-Match on PATCH (%s)', (kind) => {
  let service: Service
  let shipmentId: string
  beforeAll(async () => {
    service = await startService(kind, { shipments: 3 })
    shipmentId = parsed(ShipmentListDocumentSchema, (await service.get('/v2/shipments?page[size]=1')).body)
      .data[0].id
  })
  afterAll(() => service?.stop())

  const patchShipment = (tags: string[], ifMatch?: string) =>
    service.call('PATCH', `/v2/shipments/${shipmentId}`, {
      body: shipmentPatch(shipmentId, tags),
      headers: ifMatch === undefined ? {} : { 'If-Match': ifMatch },
    })
  const refusal = (body: unknown) => parsed(ErrorDocumentSchema, body).errors[0]

  it('edits a shipment at the version it was read at, and answers the next version as ETag', async () => {
    const read = parsed(ShipmentDocumentSchema, (await service.get(`/v2/shipments/${shipmentId}`)).body)
    const version = read.data.attributes.version!
    const edited = await patchShipment(['first'], `"${version}"`)
    expect(edited.status).toBe(200)
    expect(edited.headers.get('etag')).toBe(`"${version + 1}"`)
    expect(parsed(ShipmentDocumentSchema, edited.body).data.attributes).toMatchObject({
      tags: ['first'],
      version: version + 1,
    })
    expect(
      parsed(ShipmentDocumentSchema, (await service.get(`/v2/shipments/${shipmentId}`)).body).data.attributes
        .version,
    ).toBe(version + 1)
  })

  it('refuses an edit from a version someone else has edited since with 412, changing nothing', async () => {
    const version = parsed(ShipmentDocumentSchema, (await service.get(`/v2/shipments/${shipmentId}`)).body)
      .data.attributes.version!
    expect((await patchShipment(['theirs'], `"${version}"`)).status).toBe(200)
    const lost = await patchShipment(['mine'], `"${version}"`)
    expect(lost.status).toBe(412)
    expect(lost.headers.get('content-type')).toContain('application/vnd.api+json')
    expect(refusal(lost.body)).toMatchObject({
      status: '412',
      title: 'Precondition Failed',
      code: 'precondition_failed',
      source: { header: 'If-Match' },
      meta: { version: version + 1 },
    })
    const now = parsed(ShipmentDocumentSchema, (await service.get(`/v2/shipments/${shipmentId}`)).body)
    expect(now.data.attributes).toMatchObject({ tags: ['theirs'], version: version + 1 })
  })

  it('edits without If-Match or with *, and refuses a malformed If-Match with 400', async () => {
    expect((await patchShipment(['any'])).status).toBe(200)
    expect((await patchShipment(['star'], '*')).status).toBe(200)
    const malformed = await patchShipment(['bad'], 'version 3')
    expect(malformed.status).toBe(400)
    expect(refusal(malformed.body).source).toEqual({ header: 'If-Match' })
  })

  it('changes a custom field value at its version, and refuses a lost update with 412', async () => {
    const created = await service.call('POST', `/v2/shipments/${shipmentId}/custom_fields`, {
      body: JSON.stringify({
        data: { type: 'custom_field', attributes: { api_slug: 'priority', value: 'low' } },
      }),
    })
    expect(created.status).toBe(201)
    const field = parsed(CustomFieldDocumentSchema, created.body).data
    const version = field.attributes.version!
    const patch = (path: string, value: string, ifMatch: string) =>
      service.call('PATCH', path, { body: valuePatch(value), headers: { 'If-Match': ifMatch } })
    const byId = `/v2/custom_fields/${field.id}`
    const bySlug = `/v2/shipments/${shipmentId}/custom_fields/priority`
    const first = await patch(byId, 'normal', `"${version}"`)
    expect(first.status).toBe(200)
    expect(first.headers.get('etag')).toBe(`"${version + 1}"`)
    const second = await patch(bySlug, 'high', `"${version + 1}"`)
    expect(second.status).toBe(200)
    expect(parsed(CustomFieldDocumentSchema, second.body).data.attributes.version).toBe(version + 2)
    for (const path of [byId, bySlug]) {
      const lost = await patch(path, 'low', `"${version + 1}"`)
      expect(lost.status).toBe(412)
      expect(refusal(lost.body)).toMatchObject({
        code: 'precondition_failed',
        meta: { version: version + 2 },
      })
    }
    expect(parsed(CustomFieldDocumentSchema, (await service.get(byId)).body).data.attributes).toMatchObject({
      value: 'high',
      version: version + 2,
    })
    const [latest] = (await service.get(`${byId}/history`)).body.data
    expect(latest.attributes).toMatchObject({ action: 'updated', value: 'high', previous_value: 'normal' })
  })

  it('refuses If-Match on a custom field not set yet with 412', async () => {
    const unset = await service.call('PATCH', `/v2/shipments/${shipmentId}/custom_fields/invoice_value`, {
      body: valuePatch(12),
      headers: { 'If-Match': '"1"' },
    })
    expect(unset.status).toBe(412)
  })

  it('lets one of two edits made at once from the same version through, and refuses the other (20 trials)', async () => {
    const outcomes: number[][] = []
    for (let trial = 0; trial < 20; trial++) {
      const version = parsed(ShipmentDocumentSchema, (await service.get(`/v2/shipments/${shipmentId}`)).body)
        .data.attributes.version!
      const answers = await Promise.all(
        ['left', 'right'].map((who) => patchShipment([`${who}-${trial}`], `"${version}"`)),
      )
      outcomes.push(answers.map((a) => a.status).sort())
    }
    expect(outcomes).toEqual(outcomes.map(() => [200, 412]))
  })

  it('documents If-Match and 412 on these operations in /v2/openapi.json', async () => {
    const document = (await service.get('/v2/openapi.json', null)).body
    for (const path of [
      '/shipments/{id}',
      '/custom_fields/{id}',
      '/shipments/{shipment_id}/custom_fields/{api_slug}',
    ]) {
      const operation = document.paths[path].patch
      expect(operation.parameters, path).toContainEqual(
        expect.objectContaining({ name: 'If-Match', in: 'header' }),
      )
      expect(Object.keys(operation.responses), path).toContain('412')
      expect(operation.responses['200'].headers.ETag, path).toBeDefined()
    }
    expect(Object.keys(document.paths['/shipments/{id}'].get.responses)).not.toContain('412')
  })
})
