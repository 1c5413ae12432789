import { describe, expect, it } from 'vitest'
import { type AppointmentSource, countingAppointments } from './appointments'

const source = (kind: string, from: string, value: string, set_at?: string): AppointmentSource => ({
  kind,
  source: from,
  value,
  set_at,
})

describe('the appointment that counts', () => {
  it("takes a person's over a trucker's, a document's and the terminal's, kind by kind", () => {
    const counting = countingAppointments([
      source('pickup', 'terminal', '2026-11-23T08:00:00Z'),
      source('pickup', 'document', '2026-11-23T09:00:00Z'),
      source('pickup', 'person', '2026-11-23T10:00:00Z'),
      source('delivery', 'trucker', '2026-11-24T10:00:00Z'),
      source('delivery', 'document', '2026-11-24T12:00:00Z'),
    ])
    expect(counting.pickup?.value).toBe('2026-11-23T10:00:00Z')
    expect(counting.delivery?.source).toBe('trucker')
    expect(counting.empty_return).toBeUndefined()
  })

  it('takes the newest of two from the same kind of source, and ignores a kind it does not know', () => {
    const counting = countingAppointments([
      source('pickup', 'person', '2026-11-23T10:00:00Z', '2026-11-20T00:00:00Z'),
      source('pickup', 'person', '2026-11-23T11:00:00Z', '2026-11-21T00:00:00Z'),
      source('lunch', 'person', '2026-11-23T12:00:00Z'),
    ])
    expect(counting.pickup?.value).toBe('2026-11-23T11:00:00Z')
    expect(Object.keys(counting)).toEqual(['pickup'])
  })
})
