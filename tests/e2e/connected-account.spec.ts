import { expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './pages/accessibility'
import { BoardPage } from './pages/board-page'
import { ContainerPage } from './pages/container-page'
import { TrackShipmentForm } from './pages/track-shipment-form'
import { startExtraServer } from './support/extra-server'

// start-server.ts gives every server this demo key: the upstream's account is the one mirrored
const KEY = 'e2e-demo-key-0000000000'
const BASE = Number(process.env.E2E_PORT ?? 4173)
const UPSTREAM_PORT = Number(process.env.E2E_UPSTREAM_PORT ?? BASE + 1011)
const CONNECTED_PORT = UPSTREAM_PORT + 1

let upstream: Awaited<ReturnType<typeof startExtraServer>>
let connected: Awaited<ReturnType<typeof startExtraServer>>
test.beforeAll(async () => {
  test.setTimeout(240_000)
  // real time upstream: the board holds still while both sides are compared
  upstream = await startExtraServer(UPSTREAM_PORT, { CLOCK_SPEED: '1' })
  connected = await startExtraServer(CONNECTED_PORT, {
    UPSTREAM_URL: `${upstream.url}/v2`,
    UPSTREAM_API_KEY: KEY,
    UPSTREAM_REQUESTS_PER_MINUTE: '6000',
  })
})
test.afterAll(async () => {
  await connected?.stop()
  await upstream?.stop()
})

const tabCounts = async (url: string) => {
  const response = await fetch(`${url}/v2/containers?page[size]=1&counts=tabs`, {
    headers: { Authorization: `Token ${KEY}`, 'Cache-Control': 'no-cache' },
  })
  return ((await response.json()) as { meta: { tab_counts: Record<string, number> } }).meta.tab_counts
}

test('sign in with the upstream key, see the board and its freshness, open a container and track a number', async ({
  page,
}) => {
  test.setTimeout(200_000)
  await expect
    .poll(async () => JSON.stringify(await tabCounts(connected.url)), { timeout: 60_000 })
    .toBe(JSON.stringify(await tabCounts(upstream.url)))
  await page.goto(`${connected.url}/sign-in`)
  await page.getByLabel('API key').fill(KEY)
  await page.getByRole('button', { name: 'Sign in' }).click()
  const board = new BoardPage(page)
  await board.loaded()
  const counts = await tabCounts(upstream.url)
  expect(await board.count(/On hold/)).toBe(counts.on_hold)
  expect(await board.count(/Picked up \/ returned/)).toBe(counts.done)
  await expect(page.getByRole('status').filter({ hasText: 'Connected to' })).toHaveText(
    new RegExp(`^Connected to 127\\.0\\.0\\.1:${UPSTREAM_PORT} · checked (just now|\\d+ min ago)$`),
  )

  await expectNoSeriousA11yViolations(page)
  expect(counts.done).toBeGreaterThan(0)
  await board.tab(/Picked up \/ returned/).click()
  await board.loaded()
  const first = board.rows().first().locator('td a').first()
  const number = (await first.textContent())?.trim() ?? ''
  await first.click()
  await expect(new ContainerPage(page).heading()).toContainText(number)

  const form = new TrackShipmentForm(page)
  await page.goto(`${connected.url}/tracking-requests/new`)
  await form.number().fill('MEDU700000000')
  await form.detect()
  await form.submit()
  await expect(page).toHaveURL(/\/tracking-requests\/[0-9a-f-]{36}$/)
  const id = /tracking-requests\/([0-9a-f-]{36})$/.exec(page.url())?.[1]
  const there = await fetch(`${upstream.url}/v2/tracking_requests/${id}`, {
    headers: { Authorization: `Token ${KEY}` },
  })
  expect(there.status).toBe(200)
  // the upstream's carrier answers within 20 to 80 s, and its webhook brings the shipment here
  await expect(page.getByRole('region', { name: 'Progress' })).toContainText('Tracking', { timeout: 120_000 })
})
