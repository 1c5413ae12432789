import { expect, it } from 'vitest'
import type { Alert } from '../../../contract/alerts'
import { alertDestination } from './alert-inbox-queries'

const alert = (relationships: Alert['relationships']): Alert => ({
  id: 'a1',
  type: 'alert',
  attributes: { fired_at: '2026-11-26T06:00:00Z', title: 'Last free day in 2 days' },
  relationships,
})
const to = (type: string, id: string) => ({ data: { type, id } })

it('an alert opens its container first, else the document, tracking request or shipment it is about', () => {
  expect(alertDestination(alert({ container: to('container', 'c1'), shipment: to('shipment', 's1') }))).toBe(
    '/containers/c1',
  )
  expect(alertDestination(alert({ document: to('document', 'd1') }))).toBe('/documents/d1')
  expect(alertDestination(alert({ tracking_request: to('tracking_request', 't1') }))).toBe(
    '/tracking-requests/t1',
  )
  expect(alertDestination(alert({ shipment: to('shipment', 's1'), container: { data: null } }))).toBe(
    '/shipments/s1',
  )
  expect(alertDestination(alert(undefined))).toBe('/alerts')
})
