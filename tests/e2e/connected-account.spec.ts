import { expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './pages/accessibility'
import { AppShell } from './pages/app-shell'
import { ContainerPage } from './pages/container-page'
import { SignInPage } from './pages/sign-in-page'
import { TrackShipmentForm } from './pages/track-shipment-form'
import { TrackingRequestPage } from './pages/tracking-request-page'
import { connectedServersForSpec, DEMO_KEY, tabCounts } from './support/connected-servers'

// the upstream's account is the one mirrored
const KEY = DEMO_KEY
const BASE = Number(process.env.E2E_PORT ?? 4173)
const UPSTREAM_PORT = Number(process.env.E2E_UPSTREAM_PORT ?? BASE + 1011)
const servers = connectedServersForSpec(UPSTREAM_PORT)

test('sign in with the upstream key, see the board and its freshness, open a container and track a number', async ({
  page,
}) => {
  test.setTimeout(200_000)
  const { upstream, connected } = servers
  await expect
    .poll(async () => JSON.stringify(await tabCounts(connected.url, KEY)), { timeout: 60_000 })
    .toBe(JSON.stringify(await tabCounts(upstream.url, KEY)))
  const board = await new SignInPage(page).signIn(KEY, connected.url)
  const counts = await tabCounts(upstream.url, KEY)
  expect(await board.count(/On hold/)).toBe(counts.on_hold)
  expect(await board.count(/Picked up \/ returned/)).toBe(counts.done)
  await expect(new AppShell(page).freshness()).toHaveText(
    new RegExp(`^Connected to 127\\.0\\.0\\.1:${UPSTREAM_PORT} · checked (just now|\\d+ min ago)$`),
  )

  await expectNoSeriousA11yViolations(page)
  expect(counts.done).toBeGreaterThan(0)
  await board.tab(/Picked up \/ returned/).click()
  await board.loaded()
  const number = await board.openFirstContainer()
  await expect(new ContainerPage(page).heading()).toContainText(number)

  const form = new TrackShipmentForm(page)
  await page.goto(`${connected.url}/tracking-requests/new`)
  await form.number().fill('MEDU700000000')
  await form.detect()
  await form.submit()
  const request = new TrackingRequestPage(page)
  const id = await request.opened()
  const there = await fetch(`${upstream.url}/v2/tracking_requests/${id}`, {
    headers: { Authorization: `Token ${KEY}` },
  })
  expect(there.status).toBe(200)
  // the upstream's carrier answers within 20 to 80 s, and its webhook brings the shipment here
  await expect(request.progress()).toContainText('Tracking', { timeout: 120_000 })
})
