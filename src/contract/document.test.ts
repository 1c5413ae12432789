import { describe, expect, it } from 'vitest'
import { ContainerSchema } from './containers'
import { ErrorDocumentSchema, looseNumber } from './document'
import { WEBHOOK_EVENT_KINDS } from './event-kinds'
import { TrackingRequestCreateSchema } from './tracking-requests'
import { WebhookCreateSchema } from './webhooks'

const container = (attributes: Record<string, unknown>) => ({
  id: 'c1',
  type: 'container',
  attributes: { number: 'MSCU1234566', ...attributes },
})

describe('tolerant resource parsing', () => {
  it('turns a numeric string into a number', () => {
    expect(looseNumber.parse('53.530404621')).toBeCloseTo(53.5304)
    expect(ContainerSchema.parse(container({ weight_in_lbs: '23272' })).attributes.weight_in_lbs).toBe(23272)
  })

  it('refuses text that is not a number', () => {
    expect(looseNumber.safeParse('about 5').success).toBe(false)
  })

  it('keeps an attribute the contract does not list', () => {
    expect(ContainerSchema.parse(container({ brand_new: 'x' })).attributes).toHaveProperty('brand_new', 'x')
  })

  it('keeps an enum value it does not know rather than throwing', () => {
    const parsed = ContainerSchema.parse(container({ current_status: 'teleported', equipment_type: 'ufo' }))
    expect(parsed.attributes.current_status).toBe('teleported')
  })

  it('still refuses a resource of the wrong type', () => {
    expect(ContainerSchema.safeParse({ ...container({}), type: 'shipment' }).success).toBe(false)
  })

  it('reads an error status sent as a number', () => {
    expect(
      ErrorDocumentSchema.parse({ errors: [{ status: 404, title: 'Not Found' }] }).errors[0].status,
    ).toBe('404')
  })
})

describe('strict request bodies', () => {
  it('refuses an attribute that is not writable, naming its path', () => {
    const result = TrackingRequestCreateSchema.safeParse({
      data: {
        type: 'tracking_request',
        attributes: { request_type: 'bill_of_lading', request_number: 'X1', scac: 'MAEU', status: 'created' },
      },
    })
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]).toMatchObject({ code: 'unrecognized_keys', path: ['data', 'attributes'] })
  })

  it('refuses a request type that is not an option', () => {
    const result = TrackingRequestCreateSchema.safeParse({
      data: {
        type: 'tracking_request',
        attributes: { request_type: 'parcel', request_number: 'X1', scac: 'MAEU' },
      },
    })
    expect(result.error?.issues[0].path).toEqual(['data', 'attributes', 'request_type'])
  })

  it('refuses a webhook subscribed to an event kind that does not exist', () => {
    const result = WebhookCreateSchema.safeParse({
      data: {
        type: 'webhook',
        attributes: { url: 'https://example.com/hook', events: ['container.teleported'] },
      },
    })
    expect(result.error?.issues[0].path).toEqual(['data', 'attributes', 'events', 0])
  })
})

describe('event kinds', () => {
  it('lists 44 distinct kinds', () => {
    expect(new Set(WEBHOOK_EVENT_KINDS).size).toBe(44)
  })
})
