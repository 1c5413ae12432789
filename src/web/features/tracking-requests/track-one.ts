import { ApiError } from '../../api/api-error'
import type { BulkLine } from './bulk-numbers'
import { trackingRequestApi } from './tracking-request-queries'

export type Outcome = 'waiting' | 'started' | 'duplicate' | 'failed'
export type Result = BulkLine & { outcome: Outcome; words?: string; requestId?: string }

const TYPES: Record<string, 'container' | 'bill_of_lading' | 'booking_number'> = {
  container: 'container',
  bill_of_lading: 'bill_of_lading',
  booking: 'booking_number',
}

export async function trackOne(line: BulkLine, fallback: string): Promise<Omit<Result, keyof BulkLine>> {
  try {
    const { data } = await trackingRequestApi.inferNumber(line.number)
    const guess = data.attributes.shipping_line
    const scac = guess?.decision === 'auto_select' && guess.selected ? guess.selected.scac : fallback
    if (!scac)
      return {
        outcome: 'failed',
        words: "Couldn't tell the carrier. Choose one for such numbers above, then try again.",
      }
    const request_type = TYPES[data.attributes.number_type ?? ''] ?? 'bill_of_lading'
    try {
      const created = await trackingRequestApi.create({
        data: { type: 'tracking_request', attributes: { request_number: line.number, request_type, scac } },
      })
      return { outcome: 'started', words: `Tracking with ${scac}`, requestId: created.data.id }
    } catch (error) {
      if (!(error instanceof ApiError && error.problems.some((p) => p.code === 'duplicate'))) throw error
      const existing = await trackingRequestApi.findExisting(line.number, scac).catch(() => undefined)
      return { outcome: 'duplicate', words: `Already tracked with ${scac}`, requestId: existing?.id }
    }
  } catch (error) {
    const words = error instanceof ApiError ? (error.problems[0]?.detail ?? error.message) : String(error)
    return { outcome: 'failed', words }
  }
}
