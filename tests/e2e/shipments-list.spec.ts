import { expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './pages/accessibility'
import { AppShell } from './pages/app-shell'
import { demoContainers } from './pages/demo-data'
import { ShipmentsPage } from './pages/shipments-page'
import { tagShipments } from './pages/tagged-shipments'

test('the dashboard served by the real server lists the demo shipments', async ({ page }) => {
  const list = new ShipmentsPage(page)
  await list.open()
  expect(await list.rows().count()).toBeGreaterThan(10)
  await expectNoSeriousA11yViolations(page)
})

test('open a shipment from a list with URL filters, reload, and find the same view', async ({ page }) => {
  // a view of the journey's own, by a tag only it knows and a sort nothing changes: the demo's clock revises
  // ETAs and stops tracking, and other journeys add shipments, between the look and the reload
  const { tag, shipments } = await tagShipments(page.request, 30, 'view')
  const carrier = shipments[0].attributes.shipping_line_scac as string
  const list = new ShipmentsPage(page)
  await list.open(`?tag=${tag}&carrier=${carrier}&sort=-bill_of_lading_number&size=10`)

  const total = await list.total()
  expect(total).toBeGreaterThan(0)
  await expect(page.getByLabel('Carrier')).toHaveValue(carrier)
  await expect(page.getByLabel('Tag', { exact: true })).toHaveValue(tag)
  await expect(list.columnHeader('Bill of lading')).toHaveAttribute('aria-sort', 'descending')
  await expect(page.getByText('This server ignored')).toHaveCount(0)
  const before = await list.billsOfLading()
  expect(before.length).toBeLessThanOrEqual(10)

  await page.reload()
  await list.loaded()
  await expect(page.getByLabel('Carrier')).toHaveValue(carrier)
  expect(await list.total()).toBe(total)
  expect(await list.billsOfLading()).toEqual(before)

  await list.rows().first().locator('td:first-child a').click()
  await expect(page).toHaveURL(/\/shipments\/[0-9a-f-]{36}$/)
  await expect(page.getByRole('heading', { level: 1 })).toContainText(before[0])
  await expect(page.getByRole('region', { name: 'Route' })).toContainText('Port of discharge')
  await expect(page.getByRole('table', { name: 'Containers' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await page.goBack()
  await list.loaded()
  expect(await list.billsOfLading()).toEqual(before)
})

test('searching narrows the list and the search lives in the URL', async ({ page }) => {
  const list = new ShipmentsPage(page)
  await list.open()
  const [firstBol] = await list.billsOfLading()
  await list.search(firstBol)
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(firstBol)}`))
  await expect(list.rows()).toHaveCount(1)
  await page.reload()
  await expect(page.getByLabel('Search shipments')).toHaveValue(firstBol)
  await expect(list.rows()).toHaveCount(1)
})

test("the go-to box finds shipments by part of a customer's name or a container's last digits, saying why", async ({
  page,
}) => {
  const [container] = await demoContainers(page.request, 1)
  const digits = String(container.attributes.number).slice(-7)
  const list = new ShipmentsPage(page)
  await list.open()
  const shell = new AppShell(page)
  await shell.goTo('northw')
  await expect(page).toHaveURL(/\/shipments\?q=northw$/)
  await list.loaded()
  await expect(list.rows().first()).toContainText('Matched customer: Northwind Traders')
  await expect(list.rows().filter({ hasNotText: 'Matched customer: Northwind Traders' })).toHaveCount(0)
  await shell.goTo(digits)
  await expect(page).toHaveURL(new RegExp(`/shipments\\?q=${digits}$`))
  await list.loaded()
  await expect(list.rows().first()).toContainText(`Matched container: ${container.attributes.number}`)
  await expect(page.getByText('This server ignored part of your view')).toHaveCount(0)
})

test('a person chooses and reorders columns, and the choice survives a reload', async ({ page }) => {
  const list = new ShipmentsPage(page)
  await list.open()
  await page.getByText('Columns', { exact: true }).click()
  await page.getByRole('checkbox', { name: 'Vessel / voyage' }).uncheck()
  await page.getByRole('checkbox', { name: 'Customer', exact: true }).check()
  await page.getByRole('button', { name: 'Move Holds earlier' }).click()
  const headers = () => list.table().getByRole('columnheader').allTextContents()
  const expected = (names: string[]) => names.map((n) => expect.stringContaining(n))
  await expect.poll(headers).not.toContainEqual(expect.stringContaining('Vessel'))
  await page.reload()
  await list.loaded()
  const after = await headers()
  expect(after).toEqual(
    expected([
      'Bill of lading',
      'Route',
      'ETA at discharge',
      'Containers',
      'Holds',
      'Soonest LFD',
      'Customer',
    ]),
  )
})

test('sorting a column is server-side and lives in the URL', async ({ page }) => {
  const list = new ShipmentsPage(page)
  await list.open('?size=10')
  await list.columnHeader('Bill of lading').getByRole('button').click()
  await expect(page).toHaveURL(/sort=bill_of_lading_number/)
  await list.loaded()
  // the URL changes before the sorted page is asked for: on a slow machine the rows may still be the old ones
  await expect
    .poll(async () => {
      const shown = await list.billsOfLading()
      return shown.length > 0 && shown.join() === [...shown].sort().join()
    })
    .toBe(true)
  await list.columnHeader('Bill of lading').getByRole('button').click()
  await expect(page).toHaveURL(/sort=-bill_of_lading_number/)
  await expect(list.columnHeader('Bill of lading')).toHaveAttribute('aria-sort', 'descending')
})

test('when a server drops a filter, the view says so instead of showing wrong rows silently', async ({
  page,
}) => {
  // stand in for a server that ignores filter[tags], as the real service does with some filters
  await page.route('**/v2/shipments?*', (route) => {
    const url = new URL(route.request().url())
    url.searchParams.delete('filter[tags]')
    return route.continue({ url: url.toString() })
  })
  const list = new ShipmentsPage(page)
  await list.open('?tag=hazmat')
  await expect(page.getByRole('alert')).toContainText('This server ignored part of your view: tag.')
  await page.unrouteAll()
  await list.open('?tag=hazmat')
  await expect(page.getByText('This server ignored')).toHaveCount(0)
})

test('stop and resume tracking a shipment from its page', async ({ page }) => {
  const list = new ShipmentsPage(page)
  await list.open('?stopped=false')
  await list.rows().first().locator('td:first-child a').click()
  const tracking = page.getByRole('region', { name: 'Tracking with the carrier' })
  await expect(tracking).toContainText('Tracking')
  await tracking.getByRole('button', { name: 'Stop tracking' }).click()
  await expect(tracking).toContainText('someone on your team stopped it')
  await page.reload()
  await expect(tracking).toContainText('someone on your team stopped it')
  await tracking.getByRole('button', { name: 'Resume tracking' }).click()
  await expect(tracking.getByRole('button', { name: 'Stop tracking' })).toBeVisible()
  await expect(tracking).not.toContainText('Stopped')
})
