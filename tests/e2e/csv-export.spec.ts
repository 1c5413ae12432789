import { readFile } from 'node:fs/promises'
import { expect, test } from '@playwright/test'
import { demoShipments } from './pages/demo-data'
import { ShipmentsPage } from './pages/shipments-page'

test('export the whole filtered view as CSV, across all pages', async ({ page }) => {
  const list = new ShipmentsPage(page)
  await list.open('?size=10')
  const total = await list.total()
  expect(total).toBeGreaterThan(100) // more than one export page of 100

  // the second page waits until the progress has been seen: a fast export would finish before a look
  let release: () => void = () => undefined
  const progressSeen = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route('**/v2/shipments?*page[number]=2*', async (route) => {
    await progressSeen
    await route.continue().catch(() => undefined)
  })
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export CSV' }).click()
  await expect(page.getByRole('progressbar', { name: 'Export progress' })).toBeVisible()
  release()
  const file = await (await download).path()
  const lines = (await readFile(file, 'utf8')).trimEnd().split('\r\n')
  expect(lines[0]).toMatch(/^Bill of lading,Carrier SCAC,/)
  expect(lines).toHaveLength(total + 1)
  await expect(page.getByRole('status').filter({ hasText: `Exported ${total} shipments.` })).toBeVisible()

  const { data } = await demoShipments(page.request, 'page[size]=1')
  expect(lines[1].split(',')[0]).toBe(data[0].attributes.bill_of_lading_number)
})

test('an export can be cancelled while it runs', async ({ page }) => {
  const list = new ShipmentsPage(page)
  await list.open()
  await page.route('**/v2/shipments?*page[number]=2*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 3000))
    await route.continue().catch(() => undefined)
  })
  await page.getByRole('button', { name: 'Export CSV' }).click()
  await expect(page.getByText(/Exporting 100 of \d+ shipments/)).toBeVisible()
  await page.getByRole('button', { name: 'Cancel export' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Export cancelled.' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeVisible()
})
