import { expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './pages/accessibility'
import { AppShell } from './pages/app-shell'
import { ConnectionPage } from './pages/connection-page'
import { SignInPage } from './pages/sign-in-page'
import { connectedServersForSpec, DEMO_KEY, tabCounts } from './support/connected-servers'

// the upstream's second demo account is connected
const KEY = DEMO_KEY
const SECOND_KEY = `${KEY}-second-account`
const BASE = Number(process.env.E2E_PORT ?? 4173)
const UPSTREAM_PORT = Number(process.env.E2E_UPSTREAM_PORT ?? BASE + 1011) + 10
const servers = connectedServersForSpec(UPSTREAM_PORT, { SECRET_KEY: 'e2e-secret-key' })

test('connect a second Terminal49 account in Settings, watch it sync, and see its board', async ({
  page: admin,
  browser,
}) => {
  test.setTimeout(200_000)
  const { upstream, connected } = servers
  await new SignInPage(admin).signIn(KEY, connected.url)
  const settings = new ConnectionPage(admin)
  await settings.openFromSettings()
  await expect(settings.nothingConnected()).toBeVisible()

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
  const board = await new SignInPage(viewer).signIn(SECOND_KEY, connected.url)
  const counts = await tabCounts(upstream.url, SECOND_KEY)
  expect(await board.count(/Picked up \/ returned/)).toBe(counts.done)
  expect(await board.count(/On hold/)).toBe(counts.on_hold)
  await expect(new AppShell(viewer).freshness()).toContainText(`Connected to 127.0.0.1:${UPSTREAM_PORT}`)
})
