import { describe, expect, it } from 'vitest'
import { categoriesOf, deliveryState, percentWords } from './webhook-words'

describe('webhook words', () => {
  it('calls a pending notification that has failed before retrying', () => {
    expect(deliveryState({ event: 'tracking_request.failed', delivery_status: 'pending', attempts: 0 })).toBe(
      'pending',
    )
    expect(deliveryState({ event: 'tracking_request.failed', delivery_status: 'pending', attempts: 2 })).toBe(
      'retrying',
    )
    expect(deliveryState({ event: 'tracking_request.failed', delivery_status: 'failed', attempts: 13 })).toBe(
      'failed',
    )
  })

  it('writes a success rate as a percentage, and a dash without deliveries', () => {
    expect(percentWords(0.987)).toBe('98.7 %')
    expect(percentWords(null)).toBe('—')
  })

  it("names the categories of a webhook's events", () => {
    const categories = [
      { attributes: { name: 'Tracking request events', events: [{ name: 'tracking_request.failed' }] } },
      { attributes: { name: 'Shipment events', events: [{ name: 'shipment.estimated.arrival' }] } },
    ]
    expect(categoriesOf(['shipment.estimated.arrival'], categories)).toEqual(['Shipment events'])
  })
})
