import { expect, test } from '@playwright/test'
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
  const alert = page.getByRole('alert')
  await expect(alert).toContainText('The server had a problem (503): Service Unavailable', {
    timeout: 20_000,
  })
  await expect(alert).toContainText('The database is being upgraded')

  failing = false
  await alert.getByRole('button', { name: 'Retry' }).click()
  await new ShipmentsPage(page).loaded()
  await expect(page.getByRole('alert')).toHaveCount(0)
})

test('a malformed response names the field it could not read, and Retry recovers', async ({ page }) => {
  const list = new ShipmentsPage(page)
  await list.open()
  const href = await list.rows().first().locator('td:first-child a').getAttribute('href')
  let malformed = true
  await page.route(`**/v2${href}?*`, async (route) => {
    if (!malformed) return route.continue()
    const response = await route.fetch()
    const body = await response.json()
    body.data.attributes.pod_eta_at = { when: 'soon' }
    await route.fulfill({ response, body: JSON.stringify(body) })
  })
  await list.rows().first().locator('td:first-child a').click()
  const alert = page.getByRole('alert')
  await expect(alert).toContainText("The server's answer could not be read", { timeout: 20_000 })
  await expect(alert).toContainText('data.attributes.pod_eta_at')

  malformed = false
  await alert.getByRole('button', { name: 'Retry' }).click()
  await expect(page.getByRole('region', { name: 'Route' })).toBeVisible()
})

test('the offline banner appears when the network drops', async ({ page, context }) => {
  await new ShipmentsPage(page).open()
  await context.setOffline(true)
  await expect(page.getByText('You are offline.')).toBeVisible()
  await context.setOffline(false)
  await expect(page.getByText('You are offline.')).toHaveCount(0)
})
