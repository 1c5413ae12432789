import { describe, expect, it } from 'vitest'
import { ContainerSchema } from '../../../contract/containers'
import { availabilityAnswer } from './availability'

const container = (attributes: Record<string, unknown>) =>
  ContainerSchema.parse({ id: 'c1', type: 'container', attributes: { number: 'MSCU1234566', ...attributes } })

describe('availabilityAnswer', () => {
  it('says where it can be picked up and until when', () => {
    const answer = availabilityAnswer(
      container({ available_for_pickup: true, pickup_lfd: '2026-02-26T05:00:00Z' }),
      { terminalName: 'Maher' },
    )
    expect(answer).toEqual({
      tone: 'good',
      headline: 'Available for pickup at Maher',
      lfd: '2026-02-26T05:00:00Z',
    })
  })

  it('names each hold in plain words, pending ones too', () => {
    const answer = availabilityAnswer(
      container({
        pod_discharged_at: '2026-02-20T21:33:25Z',
        holds_at_pod_terminal: [
          { name: 'customs', status: 'pending' },
          { name: 'freight', status: 'hold' },
        ],
      }),
      {},
    )
    expect(answer.headline).toBe('Not available: customs hold (pending), freight hold')
  })

  it('gives the vessel and ETA while at sea, and the day it was picked up after', () => {
    expect(
      availabilityAnswer(container({ current_status: 'on_ship' }), {
        vesselName: 'EVER ACE',
        eta: '2026-03-01T00:00:00Z',
      }),
    ).toMatchObject({
      headline: 'On vessel EVER ACE',
      at: '2026-03-01T00:00:00Z',
    })
    expect(availabilityAnswer(container({ pod_full_out_at: '2026-02-27T14:00:00Z' }), {})).toMatchObject({
      headline: 'Picked up',
    })
  })
})
