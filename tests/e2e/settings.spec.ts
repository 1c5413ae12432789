import { expect, test } from '@playwright/test'
import { ShipmentsPage } from './pages/shipments-page'

test.use({ timezoneId: 'Asia/Kolkata' })

test("one setting shows every time in the viewer's zone, and it is kept", async ({ page }) => {
  const list = new ShipmentsPage(page)
  await list.open('?sort=pod_eta_at')
  const firstEta = list.rows().first().locator('td').nth(3).locator('time')
  await expect(firstEta).not.toContainText('India Standard Time')
  // the browser knows the zone only as GMT+5:30; people know it by its name
  await expect(firstEta).toHaveAttribute('title', /^Your time: .*India Standard Time$/)

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click()
  await page.getByRole('radio', { name: /My time zone, Asia\/Calcutta|My time zone, Asia\/Kolkata/ }).check()
  await page.goBack()
  await list.loaded()
  await expect(firstEta).toContainText('India Standard Time')
  await expect(firstEta).toHaveAttribute('title', /^Local time there: /)

  await page.reload()
  await list.loaded()
  await expect(firstEta).toContainText('India Standard Time')
})
