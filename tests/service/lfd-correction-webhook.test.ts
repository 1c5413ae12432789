import { describe, expect, it } from 'vitest'
import { ContainerListDocumentSchema, ContainerSchema } from '../../src/contract/containers'
import { DocumentListDocumentSchema } from '../../src/contract/documents'
import { WebhookNotificationDocumentSchema } from '../../src/contract/webhooks'
import { containerState } from '../../src/web/components/status/container-state'
import { DATABASE_KINDS } from '../support/databases'
import { parsed } from './harness'
import { webhookTestBed } from './webhook-test-bed'

describe.each(DATABASE_KINDS)('a last free day corrected on a document, told by webhook, on %s', (kind) => {
  const { bed, dispatcher, createWebhook } = webhookTestBed(kind)

  const correct = async (documentId: string, lfd: string | null, containerId: string) => {
    const response = await bed.service.call('PATCH', `/v2/documents/${documentId}`, {
      body: JSON.stringify({
        data: {
          type: 'document',
          attributes: { corrections: { last_free_day: lfd } },
          relationships: { cargos: { data: [{ id: containerId, type: 'container' }] } },
        },
      }),
    })
    expect(response.status, JSON.stringify(response.body)).toBe(200)
  }
  const delivered = async () => {
    await dispatcher().drain()
    const bodies = bed.receiver.received.map((r) => parsed(WebhookNotificationDocumentSchema, r.json))
    bed.receiver.received.length = 0
    return bodies
  }
  const changeOf = (notification: ReturnType<typeof parsed<typeof WebhookNotificationDocumentSchema>>) =>
    notification.included?.find((r) => r.type === 'container_updated_event')?.attributes as {
      changeset: Record<string, unknown>
      data_source: string
    }

  it('sends one container.updated with the new last free day, and none when a correction changes nothing', async () => {
    await createWebhook('/lfd', ['container.updated'])
    const containers = parsed(
      ContainerListDocumentSchema,
      (await bed.service.get('/v2/containers')).body,
    ).data
    const container = containers[0]
    const before = container.attributes.pickup_lfd ?? null
    const day = before?.startsWith('2026-11-18') ? '2026-11-19' : '2026-11-18'
    const documents = parsed(DocumentListDocumentSchema, (await bed.service.get('/v2/documents')).body).data
    expect(documents.length).toBeGreaterThanOrEqual(2)

    await correct(documents[0].id, day, container.id)
    const [notification, ...more] = await delivered()
    expect(more).toHaveLength(0)
    expect(notification.data.attributes.event).toBe('container.updated')
    expect(notification.data.relationships?.reference_object?.data).toMatchObject({
      type: 'container_updated_event',
    })
    const change = changeOf(notification)
    expect(change.changeset).toEqual({
      pickup_lfd: [before && new Date(before).toISOString(), `${day}T12:00:00.000Z`],
    })
    expect(change.data_source).toBe('person')
    const shown = notification.included?.find((r) => r.type === 'container' && r.id === container.id)
    expect(shown?.attributes?.pickup_lfd).toBe(`${day}T12:00:00Z`)
    // the container's state in the dashboard's words, at the notification's time (a Quayside extension)
    const terminal = notification.included?.find((r) => r.type === 'terminal')
    const shipment = notification.included?.find((r) => r.type === 'shipment')
    const at = new Date(notification.data.attributes.created_at ?? '')
    const words = containerState(
      ContainerSchema.parse(shown).attributes,
      {
        terminalName: terminal?.attributes?.name as string | undefined,
        vesselName: shipment?.attributes?.pod_vessel_name as string | undefined,
      },
      at,
    )
    expect(notification.meta?.container_states).toEqual([
      {
        container_id: container.id,
        number: container.attributes.number,
        state: words.kind,
        label: words.label,
        headline: words.headline,
      },
    ])

    // the same correction again, and another document saying the same day: the day that counts stays
    await correct(documents[0].id, day, container.id)
    await correct(documents[1].id, day, container.id)
    expect(await delivered()).toHaveLength(0)

    // taking both back gives the day before back, told once
    await correct(documents[1].id, null, container.id)
    expect(await delivered()).toHaveLength(0)
    await correct(documents[0].id, null, container.id)
    const [back, ...extra] = await delivered()
    expect(extra).toHaveLength(0)
    expect(changeOf(back).changeset).toEqual({
      pickup_lfd: [`${day}T12:00:00.000Z`, before && new Date(before).toISOString()],
    })
  })
})
