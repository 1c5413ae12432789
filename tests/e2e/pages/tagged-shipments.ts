import { randomUUID } from 'node:crypto'
import { type APIRequestContext, expect } from '@playwright/test'
import { demoShipments } from './demo-data'

const KEY = 'e2e-demo-key-0000000000'

/**
 * Tags `count` demo shipments with a tag of this run's own, so a view filtered by it holds exactly those
 * whatever other journeys and the demo's clock add meanwhile; answers the tag and the shipments.
 */
export async function tagShipments(request: APIRequestContext, count: number, name: string) {
  const tag = `${name}-${randomUUID().slice(0, 8)}`
  const byId = new Map<string, Awaited<ReturnType<typeof demoShipments>>['data'][number]>()
  for (let number = 1; byId.size < count; number++) {
    const { data } = await demoShipments(request, `page[size]=100&page[number]=${number}`)
    if (data.length === 0) throw new Error(`The demo has fewer than ${count} shipments`)
    for (const shipment of data) byId.set(shipment.id, shipment)
  }
  const shipments = [...byId.values()].slice(0, count)
  for (let start = 0; start < count; start += 10)
    await Promise.all(
      shipments.slice(start, start + 10).map(async (shipment) => {
        const tags = [...((shipment.attributes.tags as string[] | null) ?? []), tag]
        const response = await request.patch(`/v2/shipments/${shipment.id}`, {
          headers: { Authorization: `Token ${KEY}`, 'Content-Type': 'application/vnd.api+json' },
          data: { data: { type: 'shipment', id: shipment.id, attributes: { tags } } },
        })
        expect(response.status()).toBe(200)
      }),
    )
  return { tag, shipments }
}
