import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'

test('the dashboard served by the real server lists the demo shipments', async ({ page }) => {
  await page.goto('/shipments')
  const table = page.getByRole('table', { name: 'Shipments' })
  await expect(table).toBeVisible()
  await expect(page.getByText(/Showing \d+ of \d+ shipments/i)).toBeVisible()
  const rows = table.getByRole('row')
  expect(await rows.count()).toBeGreaterThan(10)

  const results = await new AxeBuilder({ page }).analyze()
  const serious = results.violations.filter((violation) =>
    ['serious', 'critical'].includes(violation.impact ?? ''),
  )
  expect(serious.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([])
})

test('searching narrows the list and the search lives in the URL', async ({ page }) => {
  await page.goto('/shipments')
  const table = page.getByRole('table', { name: 'Shipments' })
  await expect(page.getByText(/Showing \d+ of \d+ shipments/i)).toBeVisible()
  const firstBol = ((await table.getByRole('row').nth(1).locator('.mono').first().textContent()) ?? '').trim()
  await page.getByLabel('Search shipments').fill(firstBol)
  await page.getByLabel('Search shipments').press('Enter')
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(firstBol)}`))
  await expect(table.getByRole('row')).toHaveCount(2)
  await page.reload()
  await expect(page.getByLabel('Search shipments')).toHaveValue(firstBol)
  await expect(table.getByRole('row')).toHaveCount(2)
})
