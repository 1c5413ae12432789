// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { RouteError } from './route-error'

// as when the browser is offline, or a new release replaced the panel's file
vi.mock('./route-error-panel', () => {
  throw new Error('Failed to fetch dynamically imported module')
})

describe('<RouteError>', () => {
  afterEach(cleanup)

  it('still shows the failure with a Retry when the full error panel cannot load', async () => {
    render(<RouteError error={new Error('The list could not load')} retry={() => {}} />)
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Something went wrong')
    expect(alert.textContent).toContain('The list could not load')
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy()
  })
})
