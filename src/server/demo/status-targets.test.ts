import { describe, expect, it } from 'vitest'
import { CONTAINER_STATUSES } from '../../contract/containers'
import { statusAt } from '../tracking/container-state'
import { planShipment } from '../tracking/plan-shipment'
import { demoVoyage, planningReferenceFrom } from './generate-shipment'
import { referenceRows } from './reference-rows'

const reference = referenceRows()
const planning = planningReferenceFrom(reference)
const line = reference.lineRows[0]

/** How many shipments the demo plans before one is in `status` at `now` (the demo keeps trying the same status). */
function attemptsToHit(status: string, now: Date) {
  for (let attempt = 1; attempt <= 100; attempt++) {
    const { plan, hitTarget } = planShipment(planning, {
      ...demoVoyage(line, now),
      seed: `${status}-${now.toISOString()}-${attempt}`,
      targetStatus: status,
    })
    if (hitTarget) {
      expect(statusAt(plan.containers[0], now.getTime())).toBe(status)
      return attempt
    }
  }
  return Number.POSITIVE_INFINITY
}

describe('the demo places voyages so that every container status is on screen', () => {
  for (const now of ['2026-11-23T15:00:00Z', '2027-03-09T03:00:00Z', '2027-06-30T22:00:00Z'])
    it(`finds every status, the last one too, at ${now}`, () => {
      for (const status of CONTAINER_STATUSES) expect(attemptsToHit(status, new Date(now))).toBeLessThan(100)
    })
})
