// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { MapVessel } from './map-model'
import { mapQueries } from './map-queries'
import { VesselPanel } from './vessel-panel'

const NOW = Date.parse('2026-11-25T12:00:00Z')
const vessel: MapVessel = {
  id: 'v',
  name: 'HYUNDAI DREAM',
  imo: '9637222',
  state: 'on_time',
  voyage: '185E',
  lat: 30,
  lon: -130,
  heading: 90,
  speed: 18,
  reportedAt: null,
  // the leg ends at Oakland, after a call at Long Beach on the way
  nextPort: { locode: 'USOAK', name: 'Oakland', lat: 37.8, lon: -122.3, zone: 'America/Los_Angeles' },
  toPod: true,
  nextCall: {
    locode: 'USLGB',
    name: 'Long Beach',
    zone: 'America/Los_Angeles',
    discharging: true,
    eta: { earliest: null, likely: '2026-11-27T21:00:00Z', latest: null },
  },
  eta: { earliest: '2026-11-29T10:00:00Z', likely: '2026-11-29T14:00:00Z', latest: '2026-11-30T02:00:00Z' },
  arrivesAt: '2026-11-29T14:00:00Z',
  path: [{ at: NOW, lat: 30, lon: -130, heading: 90 }],
  aboardCount: 0,
  containers: [],
}

const show = (shown: MapVessel) => {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } })
  client.setQueryData(mapQueries.aboard(shown.id, {}).queryKey, [])
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <VesselPanel vessel={shown} params={{}} at={NOW} forecast={false} onClose={() => {}} />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

const fact = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling as HTMLElement

describe('<VesselPanel>', () => {
  beforeAll(() => {
    process.env.TZ = 'Europe/Berlin'
  })
  afterEach(cleanup)

  it("names the vessel's next port call with its ETA in the port's time, the viewer's on hover", () => {
    show(vessel)
    expect(fact('Next port').textContent).toBe('Long Beach (USLGB), port of discharge')
    const eta = fact('ETA').querySelector('time')!
    expect(eta.textContent).toBe('Nov 27, 2026, 13:00 PST')
    expect(eta.getAttribute('title')).toBe('Your time: Nov 27, 2026, 22:00 Central European Standard Time')
    expect(fact('Then').textContent).toBe('Oakland (USOAK), port of discharge')
  })

  it('falls back to where the leg ends, with its ETA range, from a server that names no call', () => {
    show({ ...vessel, nextCall: null })
    expect(fact('Next port').textContent).toBe('Oakland (USOAK), port of discharge')
    expect(fact('ETA').textContent).toMatch(/^Nov 29, 2026, 06:00 PST\s*between Nov 29, 2026, 02:00 PST and/)
    expect(screen.queryByText('Then', { selector: 'dt' })).toBeNull()
  })
})
