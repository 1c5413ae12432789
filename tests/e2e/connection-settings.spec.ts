import { expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './pages/accessibility'
import { BoardPage } from './pages/board-page'
import { ConnectionPage } from './pages/connection-page'
import { startExtraServer } from './support/extra-server'

// start-server.ts gives every server this demo key; the upstream's second demo account is connected
const KEY = 'e2e-demo-key-0000000000'
const SECOND_KEY = `${KEY}-second-account`
const BASE = Number(process.env.E2E_PORT ?? 4173)
const UPSTREAM_PORT = Number(process.env.E2E_UPSTREAM_PORT ?? BASE + 1011) + 10
const CONNECTED_PORT = UPSTREAM_PORT + 1

let upstream: Awaited<ReturnType<typeof startExtraServer>>
let connected: Awaited<ReturnType<typeof startExtraServer>>
test.beforeAll(async () => {
  test.setTimeout(240_000)
  // real time upstream: its board holds still while both sides are compared
  upstream = await startExtraServer(UPSTREAM_PORT, { CLOCK_SPEED: '1' })
  connected = await startExtraServer(CONNECTED_PORT, {
    UPSTREAM_URL: `${upstream.url}/v2`,
    UPSTREAM_API_KEY: KEY,
    UPSTREAM_REQUESTS_PER_MINUTE: '6000',
    SECRET_KEY: 'e2e-secret-key',
  })
})
test.afterAll(async () => {
  await connected?.stop()
  await upstream?.stop()
})

const tabCounts = async (url: string, key: string) => {
  const response = await fetch(`${url}/v2/containers?page[size]=1&counts=tabs`, {
    headers: { Authorization: `Token ${key}`, 'Cache-Control': 'no-cache' },
  })
  return ((await response.json()) as { meta: { tab_counts: Record<string, number> } }).meta.tab_counts
}

const signIn = async (page: import('@playwright/test').Page, key: string) => {
  await page.goto(`${connected.url}/sign-in`)
  await page.getByLabel('API key').fill(key)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await new BoardPage(page).loaded()
}

test('connect a second Terminal49 account in Settings, watch it sync, and see its board', async ({
  page: admin,
  browser,
}) => {
  test.setTimeout(200_000)
  await signIn(admin, KEY)
  const settings = new ConnectionPage(admin)
  await settings.openFromSettings()
  await expect(admin.getByText('No accounts connected yet')).toBeVisible()

  await settings.connect('not-a-key-the-upstream-knows', `${upstream.url}/v2`)
  await expect(admin.getByText(/The upstream refused the API key \(401\)/)).toBeVisible()
  await settings.apiKey().fill('')
  await settings.connect(SECOND_KEY, `${upstream.url}/v2`)
  const row = settings.row('Second Account Ltd.')
  await expect(row).toContainText(`key …${SECOND_KEY.slice(-4)}`)
  // the key goes in and never comes back: not in the field, nor anywhere on the page
  await expect(settings.apiKey()).toHaveValue('')
  expect(await admin.content()).not.toContain(SECOND_KEY)
  await expect(row).toContainText(/In sync|Syncing/)
  await expect(row).toContainText('In sync', { timeout: 90_000 })
  await expect(row).toContainText(/\d+ shipments and \d+ containers mirrored/)
  await expect(row.locator('time')).toBeVisible()
  await expectNoSeriousA11yViolations(admin)

  await expect
    .poll(async () => JSON.stringify(await tabCounts(connected.url, SECOND_KEY)), { timeout: 60_000 })
    .toBe(JSON.stringify(await tabCounts(upstream.url, SECOND_KEY)))
  // the connected account is signed in to with its own key, in a browser of its own
  const viewer = await (await browser.newContext()).newPage()
  await signIn(viewer, SECOND_KEY)
  const board = new BoardPage(viewer)
  const counts = await tabCounts(upstream.url, SECOND_KEY)
  expect(await board.count(/Picked up \/ returned/)).toBe(counts.done)
  expect(await board.count(/On hold/)).toBe(counts.on_hold)
  await expect(viewer.getByRole('status').filter({ hasText: 'Connected to' })).toContainText(
    `Connected to 127.0.0.1:${UPSTREAM_PORT}`,
  )
})
