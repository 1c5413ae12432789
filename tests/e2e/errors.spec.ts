import { expect, test } from '@playwright/test'
import { AppShell } from './pages/app-shell'
import { ErrorPanel } from './pages/error-panel'
import { ShipmentPage } from './pages/shipment-page'
import { ShipmentsPage } from './pages/shipments-page'

test('a 5xx shows the error in plain words, and Retry loads the page once the server is back', async ({
  page,
}) => {
  let failing = true
  await page.route('**/v2/shipments?*', async (route) => {
    if (!failing) return route.continue()
    await route.fulfill({
      status: 503,
      contentType: 'application/vnd.api+json',
      body: JSON.stringify({
        errors: [{ status: '503', title: 'Service Unavailable', detail: 'The database is being upgraded' }],
      }),
    })
  })
  await page.goto('/shipments')
  const error = new ErrorPanel(page)
  await expect(error.alert()).toContainText('The server had a problem (503): Service Unavailable', {
    timeout: 20_000,
  })
  await expect(error.alert()).toContainText('The database is being upgraded')

  failing = false
  await error.retry()
  await new ShipmentsPage(page).loaded()
  await expect(error.alert()).toHaveCount(0)
})

test('a malformed response names the field it could not read, and Retry recovers', async ({ page }) => {
  const list = new ShipmentsPage(page)
  await list.open()
  const href = await list.firstLink().getAttribute('href')
  let malformed = true
  await page.route(`**/v2${href}?*`, async (route) => {
    if (!malformed) return route.continue()
    const response = await route.fetch()
    const body = await response.json()
    body.data.attributes.pod_eta_at = { when: 'soon' }
    await route.fulfill({ response, body: JSON.stringify(body) })
  })
  await list.firstLink().click()
  const error = new ErrorPanel(page)
  await expect(error.alert()).toContainText("The server's answer could not be read", { timeout: 20_000 })
  await expect(error.alert()).toContainText('data.attributes.pod_eta_at')

  malformed = false
  await error.retry()
  await expect(new ShipmentPage(page).route()).toBeVisible()
})

test('the offline banner appears when the network drops', async ({ page, context }) => {
  await new ShipmentsPage(page).open()
  const shell = new AppShell(page)
  await context.setOffline(true)
  await expect(shell.offline()).toBeVisible()
  await context.setOffline(false)
  await expect(shell.offline()).toHaveCount(0)
})
