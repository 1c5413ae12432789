import { createHash } from 'node:crypto'
import { containerCheckDigit } from '../../contract/container-number'
import type { CarrierAdapter, CarrierAnswer, CarrierLookup } from './carrier-adapter'
import { type PlanningReference, planShipment } from './plan-shipment'

const HOUR = 3_600_000

/** The same number always meets the same fate. */
const fate = (text: string) =>
  Number.parseInt(createHash('sha256').update(text).digest('hex').slice(0, 8), 16) / 2 ** 32

const isContainerNumber = (number: string) =>
  /^[A-Z]{4}\d{7}$/.test(number) && String(containerCheckDigit(number.slice(0, 10))) === number[10]

/** Some numbers wait for the manifest, some fail as real lines do; the test numbers answer as the real service's. */
export function simulatedCarrier(reference: () => Promise<PlanningReference>): CarrierAdapter {
  const found = async (request: CarrierLookup): Promise<CarrierAnswer> => ({
    outcome: 'found',
    plan: planShipment(await reference(), {
      carrier: request.carrier,
      now: request.now,
      seed: `${request.carrier.scac}:${request.requestNumber}`,
      identity: request.requestId,
      departureWithinDays: [-30, 14],
      billOfLading: request.requestType === 'container' ? undefined : request.requestNumber,
      firstContainerNumber: request.requestType === 'container' ? request.requestNumber : undefined,
    }).plan,
  })

  return {
    // the simulated line, terminal and railway are the voyage plan itself
    refresh: async (request) => ({
      sources: ['Shipping line', 'Terminal', ...(request.byRail ? ['Rail'] : [])],
    }),
    async lookup(request) {
      const number = request.requestNumber
      if (request.carrier.scac === 'TEST') {
        if (number === 'TEST-TR-SUCCEEDED') return found(request)
        return { outcome: 'failed', reason: 'not_found' }
      }
      const roll = fate(`${request.carrier.scac}:${number}`)
      if (request.requestType === 'container') {
        if (!isContainerNumber(number)) return { outcome: 'failed', reason: 'invalid_number' }
        return roll < 0.1 ? { outcome: 'failed', reason: 'not_found' } : found(request)
      }
      if (roll < 0.04) return { outcome: 'failed', reason: 'not_found' }
      if (roll < 0.06)
        return {
          outcome: 'failed',
          reason: request.requestType === 'booking_number' ? 'booking_cancelled' : 'data_unavailable',
        }
      if (roll < 0.2) {
        const manifestAfter = 1 + Math.floor(fate(`manifest:${number}`) * 3)
        if (request.attempt >= 6) return { outcome: 'failed', reason: 'retries_exhausted' }
        if (request.attempt < manifestAfter || roll < 0.075)
          return {
            outcome: 'awaiting_manifest',
            retryAt: new Date(request.now.getTime() + (2 + request.attempt * 2) * HOUR),
          }
      }
      return found(request)
    },
  }
}
