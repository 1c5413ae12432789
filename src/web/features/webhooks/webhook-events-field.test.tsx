// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { WebhookEventsField } from './webhook-events-field'

const CATEGORIES = [
  {
    id: 'tracking-request-events',
    type: 'webhook_event_category' as const,
    attributes: {
      name: 'Tracking request events',
      events: [
        { name: 'tracking_request.succeeded', description: 'The shipment was found' },
        { name: 'tracking_request.failed', description: 'The shipment could not be found' },
      ],
    },
  },
  {
    id: 'shipment-events',
    type: 'webhook_event_category' as const,
    attributes: {
      name: 'Shipment events',
      events: [{ name: 'shipment.estimated.arrival', description: null }],
    },
  },
]

function Harness({ initial = [] as string[] }) {
  const [value, setValue] = useState(initial)
  return <WebhookEventsField categories={CATEGORIES} value={value} onChange={setValue} />
}

describe('<WebhookEventsField>', () => {
  afterEach(cleanup)

  it('selects and clears a whole group, and counts what is chosen', () => {
    render(<Harness />)
    expect(screen.getByText('(0 chosen)')).toBeTruthy()
    const all = screen.getByLabelText('Select all in tracking request events') as HTMLInputElement
    fireEvent.click(all)
    expect(screen.getByText('(2 chosen)')).toBeTruthy()
    expect(screen.getByText('(2 of 2)')).toBeTruthy()
    expect(all.checked).toBe(true)
    fireEvent.click(all)
    expect(screen.getByText('(0 chosen)')).toBeTruthy()
  })

  it('shows each kind with its description, and a part-chosen group as mixed', () => {
    render(<Harness initial={['tracking_request.failed']} />)
    expect(screen.getByText(/The shipment could not be found/)).toBeTruthy()
    const all = screen.getByLabelText('Select all in tracking request events') as HTMLInputElement
    expect(all.checked).toBe(false)
    expect(all.indeterminate).toBe(true)
    fireEvent.click(screen.getByLabelText(/tracking_request\.succeeded/))
    expect(all.checked).toBe(true)
    expect(screen.getByText('(2 chosen)')).toBeTruthy()
  })
})
