import { describe, expect, it } from 'vitest'
import { systemClock } from '../clock'
import type { DeliveryResult } from '../storage/outbox-store'
import type { Storage } from '../storage/storage'
import { createAttemptRecorder } from './attempt-recorder'

const result = (id: string): DeliveryResult => ({
  notificationId: id,
  accountId: 'account',
  attempt: { notification_id: id, status_code: 200, attempted_at: new Date(), duration_ms: 1 },
  outcome: 'succeeded',
  nextAttemptAt: new Date(),
})

function recorderOver(record: (batch: DeliveryResult[]) => Promise<unknown>) {
  const events: string[] = []
  const storage = {
    outbox: {
      record: async (batch: DeliveryResult[]) => {
        events.push(`record ${batch.map((r) => r.notificationId).join(',')}`)
        return record(batch)
      },
    },
  } as unknown as Storage
  const recorder = createAttemptRecorder({
    storage,
    clock: systemClock,
    disableAfterMs: 60_000,
    release: (ids) => events.push(`release ${ids.join(',')}`),
    log: () => {},
  })
  return { recorder, events }
}

describe('the attempt recorder', () => {
  it('writes a batch again when its write fails, and lets the leases go only once it is written', async () => {
    let failures = 1
    const { recorder, events } = recorderOver(async () => {
      if (failures-- > 0) throw new Error('deadlock detected')
    })
    recorder.record(result('a'))
    await recorder.flush()
    // sent deliveries whose attempt was never written were sent again by another process once their lease lapsed
    expect(events).toEqual(['record a', 'record a', 'release a'])
  })

  it('gives up after a few tries, and then lets the leases go', async () => {
    const { recorder, events } = recorderOver(async () => {
      throw new Error('the database is gone')
    })
    recorder.record(result('b'))
    await recorder.flush()
    expect(events.filter((e) => e === 'record b')).toHaveLength(5)
    expect(events.at(-1)).toBe('release b')
  })
})
