import { type APIRequestContext, expect } from '@playwright/test'
import { SERVICE_TIME_HEADER } from '../../../src/contract/service-time'

const HOUR = 3_600_000

/** The service's time now, as its answers tell it (it runs ahead of the wall clock in the journeys). */
export async function serviceTime(request: APIRequestContext) {
  const answer = await request.get('/v2/containers?page[size]=1')
  return new Date(answer.headers()[SERVICE_TIME_HEADER.toLowerCase()] ?? '')
}

/**
 * Moves the service clock (the journeys' server runs with CLOCK_CONTROL) as the demo's owner, the engine's tick
 * done before it answers. The server is shared by every journey that runs after: move it no further than needed.
 */
export async function advanceClock(request: APIRequestContext, hours: number) {
  const answer = await request.post('/v2/clock/advance', {
    headers: { 'Content-Type': 'application/vnd.api+json' },
    data: { data: { type: 'clock_advance', attributes: { hours } } },
  })
  expect(answer.status(), await answer.text()).toBe(200)
  return new Date((await answer.json()).data.attributes.now)
}

/** Just past `at` (an hour to spare for the clock running on while the journey asks). */
export async function advanceClockPast(request: APIRequestContext, at: Date) {
  const hours = Math.max(1, Math.ceil((at.getTime() - (await serviceTime(request)).getTime()) / HOUR) + 1)
  return advanceClock(request, hours)
}
