import { describe, expect, it } from 'vitest'
import { isAppRoute } from './app-routes'

describe('the dashboard pages', () => {
  it('knows its pages, with or without a trailing slash', () => {
    for (const path of [
      '/',
      '/containers',
      '/containers/abc-123',
      '/shipments/',
      '/tracking-requests/new',
      '/account',
    ])
      expect(isAppRoute(path), path).toBe(true)
  })

  it('knows no other page', () => {
    for (const path of ['/no-such-page', '/containers/a/b', '/shipmentsx', '/v2/shipments', '/assets/x.js'])
      expect(isAppRoute(path), path).toBe(false)
  })
})
