import { expect, test } from '@playwright/test'
import { SettingsPage } from './pages/settings-page'
import { ShipmentsPage } from './pages/shipments-page'

test.use({ timezoneId: 'Asia/Kolkata' })

test("one setting shows every time in the viewer's zone, and it is kept", async ({ page }) => {
  const list = new ShipmentsPage(page)
  await list.open('?sort=pod_eta_at')
  const firstEta = list.firstEta()
  await expect(firstEta).not.toContainText('India Standard Time')
  // the browser knows the zone only as GMT+5:30; people know it by its name
  await expect(firstEta).toHaveAttribute('title', /^Your time: .*India Standard Time$/)

  const settings = new SettingsPage(page)
  await settings.openFromNav()
  await settings.useMyTimeZone(/My time zone, Asia\/Calcutta|My time zone, Asia\/Kolkata/)
  await page.goBack()
  await list.loaded()
  await expect(firstEta).toContainText('India Standard Time')
  await expect(firstEta).toHaveAttribute('title', /^Local time there: /)

  await page.reload()
  await list.loaded()
  await expect(firstEta).toContainText('India Standard Time')
})
