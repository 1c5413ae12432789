import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ErrorDocumentSchema } from '../../src/contract/document'
import { PartyDocumentSchema, PartyListDocumentSchema } from '../../src/contract/parties'
import {
  InferNumberDocumentSchema,
  TrackingRequestDocumentSchema,
  TrackingRequestListDocumentSchema,
} from '../../src/contract/tracking-requests'
import { DATABASE_KINDS } from '../support/databases'
import { answerTo, KEY, OTHER_KEY, parsed, READ_KEY, type Service, startService } from './harness'

const create = (attributes: Record<string, unknown>, relationships?: Record<string, unknown>) =>
  JSON.stringify({
    data: { type: 'tracking_request', attributes, ...(relationships ? { relationships } : {}) },
  })

describe.each(DATABASE_KINDS)('tracking requests over HTTP on %s', (kind) => {
  let service: Service
  beforeAll(async () => {
    service = await startService(kind)
  })
  afterAll(() => service?.stop())

  it('creates a pending request with 201 and lists it first', async () => {
    const parties = parsed(PartyListDocumentSchema, (await service.get('/v2/parties')).body)
    const customer = parties.data[0]
    const response = await service.call('POST', '/v2/tracking_requests', {
      body: create(
        {
          request_type: 'bill_of_lading',
          request_number: 'maeu123456789',
          scac: 'MAEU',
          ref_numbers: ['PO-1'],
          shipment_tags: ['new'],
        },
        { customer: { data: { id: customer.id, type: 'party' } } },
      ),
    })
    expect(response.status).toBe(201)
    const document = parsed(TrackingRequestDocumentSchema, response.body)
    expect(document.data.attributes).toMatchObject({
      status: 'pending',
      request_number: 'MAEU123456789',
      ref_numbers: ['PO-1'],
    })
    expect(document.data.relationships?.tracked_object?.data).toBeNull()
    const list = parsed(
      TrackingRequestListDocumentSchema,
      (await service.get('/v2/tracking_requests?filter[status]=pending')).body,
    )
    expect(list.data[0].id).toBe(document.data.id)
    const one = await service.get(`/v2/tracking_requests/${document.data.id}`, OTHER_KEY)
    expect(one.status).toBe(404)
  })

  it('refuses a duplicate with code duplicate on request_number', async () => {
    const body = create({ request_type: 'bill_of_lading', request_number: 'HLCUDUP000001', scac: 'HLCU' })
    expect((await service.call('POST', '/v2/tracking_requests', { body })).status).toBe(201)
    const again = await service.call('POST', '/v2/tracking_requests', { body })
    expect(again.status).toBe(422)
    expect(parsed(ErrorDocumentSchema, again.body).errors[0]).toMatchObject({
      code: 'duplicate',
      source: { pointer: '/data/attributes/request_number' },
    })
  })

  it.each([
    ['a missing number', { request_type: 'bill_of_lading', scac: 'MAEU' }, '/data/attributes/request_number'],
    [
      'an unknown SCAC',
      { request_type: 'bill_of_lading', request_number: 'X1234567', scac: 'ZZZZ' },
      '/data/attributes/scac',
    ],
    [
      'a request type that is not an option',
      { request_type: 'parcel', request_number: 'X1234567', scac: 'MAEU' },
      '/data/attributes/request_type',
    ],
    [
      'a status, which is not writable',
      { request_type: 'container', request_number: 'X1234567', scac: 'MAEU', status: 'created' },
      '/data/attributes/status',
    ],
  ])('refuses %s with 422 and a pointer', async (_, attributes, pointer) => {
    const response = await service.call('POST', '/v2/tracking_requests', { body: create(attributes) })
    expect(response.status).toBe(422)
    expect(parsed(ErrorDocumentSchema, response.body).errors[0].source?.pointer).toBe(pointer)
  })

  it("refuses another account's customer", async () => {
    const theirs = parsed(PartyListDocumentSchema, (await service.get('/v2/parties', OTHER_KEY)).body).data[0]
    const response = await service.call('POST', '/v2/tracking_requests', {
      body: create(
        { request_type: 'bill_of_lading', request_number: 'MAEU99999999', scac: 'MAEU' },
        { customer: { data: { id: theirs.id, type: 'party' } } },
      ),
    })
    expect(response.status).toBe(422)
    expect(response.body.errors[0].source.pointer).toBe('/data/relationships/customer/data/id')
  })

  it('refuses to create with a read-only key', async () => {
    const response = await service.call('POST', '/v2/tracking_requests', {
      key: READ_KEY,
      body: create({ request_type: 'bill_of_lading', request_number: 'MAEU55555555', scac: 'MAEU' }),
    })
    expect(response.status).toBe(403)
  })

  it('infers the carrier of a container number and a bill of lading', async () => {
    const container = await service.call('POST', '/v2/tracking_requests/infer_number', {
      body: '{"number":"MRKU3700927"}',
    })
    expect(parsed(InferNumberDocumentSchema, container.body).data.attributes).toMatchObject({
      number_type: 'container',
      shipping_line: { decision: 'auto_select', selected: { scac: 'MAEU' } },
    })
    const missing = await service.call('POST', '/v2/tracking_requests/infer_number', { body: '{}' })
    expect(missing.status).toBe(422)
    expect(missing.body.errors[0].source.pointer).toBe('/number')
  })

  it('refuses an unknown status filter and a bad date', async () => {
    expect((await service.get('/v2/tracking_requests?filter[status]=lost')).status).toBe(400)
    const bad = await service.get('/v2/tracking_requests?filter[created_at][start]=yesterday')
    expect(bad.status).toBe(400)
    expect(bad.body.errors[0].source.parameter).toBe('filter[created_at][start]')
  })

  it('creates a customer party', async () => {
    const response = await service.call('POST', '/v2/parties', {
      body: JSON.stringify({ data: { type: 'party', attributes: { company_name: 'Dockside Goods' } } }),
    })
    expect(response.status).toBe(201)
    expect(parsed(PartyDocumentSchema, response.body).data.attributes.company_name).toBe('Dockside Goods')
  })

  it('answers a race for the same number with one 201 and the rest 422 duplicate, never 500', async () => {
    const body = create({ request_type: 'bill_of_lading', request_number: 'MAEURACE00001', scac: 'MAEU' })
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => service.call('POST', '/v2/tracking_requests', { body })),
    )
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422, 422, 422, 422, 422])
    for (const answer of answers.filter((a) => a.status === 422))
      expect(parsed(ErrorDocumentSchema, answer.body).errors[0]).toMatchObject({
        code: 'duplicate',
        source: { pointer: '/data/attributes/request_number' },
      })
  })

  it('points a duplicate caught by the active-request index itself at request_number', async () => {
    const body = create({ request_type: 'bill_of_lading', request_number: 'MAEUINDEX0001', scac: 'MAEU' })
    expect((await service.call('POST', '/v2/tracking_requests', { body })).status).toBe(201)
    const accountId = (await service.storage.apiKeys.authenticate(KEY))!.accountId
    const failure = await service.storage.trackingRequests
      .create({
        account_id: accountId,
        request_number: 'MAEUINDEX0001',
        request_type: 'bill_of_lading',
        scac: 'MAEU',
        status: 'pending',
      })
      .catch((error: unknown) => error)
    const answer = await answerTo(failure)
    expect(answer.status).toBe(422)
    expect(ErrorDocumentSchema.parse(answer.body).errors[0]).toMatchObject({
      code: 'duplicate',
      source: { pointer: '/data/attributes/request_number' },
    })
  })
})
