// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { PayloadWords } from './payload-words'

const payload = (attributes: Record<string, unknown>) => ({
  data: { id: 'n', type: 'webhook_notification', attributes: { event: 'container.updated' } },
  included: [
    {
      id: 'c',
      type: 'container',
      attributes: {
        number: 'MSKU1234565',
        pod_timezone: 'America/Los_Angeles',
        pod_discharged_at: '2026-11-21T15:00:00Z',
        ...attributes,
      },
    },
  ],
})

describe("a notification's words", () => {
  afterEach(cleanup)

  it('says what its container is in the state words every surface uses, as of when it was written', () => {
    render(
      <PayloadWords
        payload={payload({ available_for_pickup: true, pickup_lfd: '2026-11-23T15:00:00Z' })}
        at="2026-11-25T17:00:00Z"
      />,
    )
    expect(screen.getByRole('list', { name: 'What it says' }).textContent).toBe(
      'MSKU1234565: Overdue: available for pickup at the terminal',
    )
  })

  it('says a stale last free day is unconfirmed, never overdue', () => {
    render(
      <PayloadWords
        payload={payload({
          available_for_pickup: true,
          pickup_lfd: '2026-11-23T15:00:00Z',
          pickup_lfd_source: 'terminal',
          pickup_lfd_checked_at: '2026-11-25T01:00:00Z',
        })}
        at="2026-11-25T17:00:00Z"
      />,
    )
    expect(screen.getByRole('listitem').textContent).toMatch(/^MSKU1234565: Unconfirmed: /)
  })
})
