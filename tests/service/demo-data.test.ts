import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ContainerListDocumentSchema } from '../../src/contract/containers'
import { CUSTOM_FIELD_DATA_TYPES, CustomFieldListDocumentSchema } from '../../src/contract/custom-fields'
import type { AnyResource } from '../../src/contract/document'
import {
  EmailSubmissionDocumentSchema,
  EmailSubmissionListDocumentSchema,
} from '../../src/contract/email-submissions'
import { RawEventListDocumentSchema } from '../../src/contract/raw-events'
import { TransportEventListDocumentSchema } from '../../src/contract/transport-events'
import { DATABASE_KINDS } from '../support/databases'
import { NOW, parsed, type Service, startService } from './harness'

/** The calendar date of an instant in a time zone, as YYYY-MM-DD. */
const localDate = (instant: Date, zone: string) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant)

const zonesOf = (included: AnyResource[] | undefined) =>
  new Map(
    (included ?? []).filter((r) => r.type === 'port').map((port) => [port.id, port.attributes?.time_zone]),
  )

describe.each(DATABASE_KINDS)('the demo data seen through the API on %s', (kind) => {
  let service: Service
  beforeAll(async () => {
    // the demo places its board scenes (a last free day today among them) from 100 shipments on; fewer are
    // left to the draw, which the fleet's schedule decides
    service = await startService(kind, { readDocuments: true, shipments: 100 })
  })
  afterAll(() => service?.stop())

  const containers = async () => {
    const all = []
    for (let page = 1; ; page++) {
      const list = parsed(
        ContainerListDocumentSchema,
        (await service.get(`/v2/containers?page[size]=100&page[number]=${page}`)).body,
      )
      all.push(...list.data)
      if (list.data.length < 100) return all
    }
  }

  it("has a container whose last free day is today in its port's time zone", async () => {
    const today = (await containers()).filter(
      (c) =>
        c.attributes.pickup_lfd &&
        c.attributes.pod_timezone &&
        localDate(new Date(c.attributes.pickup_lfd), c.attributes.pod_timezone) ===
          localDate(NOW, c.attributes.pod_timezone),
    )
    expect(today.length).toBeGreaterThan(0)
  })

  it('gives transport and raw events the time zone of the place they happened', async () => {
    let checked = 0
    for (const container of (await containers()).slice(0, 15)) {
      const transport = parsed(
        TransportEventListDocumentSchema,
        (await service.get(`/v2/containers/${container.id}/transport_events?include=location`)).body,
      )
      const raw = parsed(
        RawEventListDocumentSchema,
        (await service.get(`/v2/containers/${container.id}/raw_events?include=location`)).body,
      )
      for (const [events, zones] of [
        [transport.data, zonesOf(transport.included)],
        [raw.data, zonesOf(raw.included)],
      ] as const)
        for (const event of events) {
          const location = event.relationships?.location?.data
          if (!location) continue
          expect(event.attributes.timezone, `${event.type} ${event.id}`).toBe(zones.get(location.id))
          checked++
        }
    }
    expect(checked).toBeGreaterThan(50)
  })

  it('has custom field values of every data type', async () => {
    const types = new Set<unknown>()
    for (let page = 1; ; page++) {
      const list = parsed(
        CustomFieldListDocumentSchema,
        (await service.get(`/v2/custom_fields?include=definition&page[size]=100&page[number]=${page}`)).body,
      )
      for (const definition of list.included ?? []) types.add(definition.attributes?.data_type)
      if (list.data.length < 100) break
    }
    expect(types).toEqual(new Set(CUSTOM_FIELD_DATA_TYPES))
  })

  it('has email submissions whose documents each carry a representation', async () => {
    const submissions = parsed(
      EmailSubmissionListDocumentSchema,
      (await service.get('/v2/email_submissions?page[size]=100')).body,
    ).data
    expect(submissions.length).toBeGreaterThan(0)
    let documents = 0
    for (const submission of submissions) {
      const document = parsed(
        EmailSubmissionDocumentSchema,
        (await service.get(`/v2/email_submissions/${submission.id}`)).body,
      )
      const representations = new Set(
        document.included?.filter((r) => r.type === 'document_representation').map((r) => r.id),
      )
      for (const file of document.included?.filter((r) => r.type === 'document') ?? []) {
        const representation = (file.relationships?.last_document_representation as { data?: { id: string } })
          ?.data
        expect(representation && representations.has(representation.id), `document ${file.id}`).toBe(true)
        documents++
      }
    }
    expect(documents).toBeGreaterThan(submissions.length)
  })
})
