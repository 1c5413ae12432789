import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { scaledClock } from '../clock'
import { stampServiceTime } from './service-time'

describe('stampServiceTime', () => {
  it("names the service's clock on each answer, a kept one included", async () => {
    const clock = scaledClock(3600, new Date('2030-01-01T00:00:00Z'))
    const kept = new Response('{}')
    const app = new Hono().use(stampServiceTime(clock)).get('/', () => kept.clone())
    const first = Date.parse((await app.request('/')).headers.get('Quayside-Time')!)
    const second = Date.parse((await app.request('/')).headers.get('Quayside-Time')!)
    expect(first).toBeGreaterThanOrEqual(Date.parse('2030-01-01T00:00:00Z'))
    expect(second).toBeGreaterThanOrEqual(first)
  })
})
