import { expect, test } from '@playwright/test'
import { readCsv } from './pages/csv-file'
import { ShipmentsPage } from './pages/shipments-page'
import { tagShipments } from './pages/tagged-shipments'

// more than one export page of 100
const TAGGED = 105

test('export the whole filtered view as CSV, across all pages', async ({ page }) => {
  const { tag, shipments } = await tagShipments(page.request, TAGGED, 'export')
  const billsOfLading = shipments.map((shipment) => shipment.attributes.bill_of_lading_number as string)
  const list = new ShipmentsPage(page)
  await list.open(`?tag=${tag}&size=10`)
  expect(await list.total()).toBe(TAGGED)

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
  await list.exportButton().click()
  await expect(list.exportProgress()).toBeVisible()
  release()
  const csv = await readCsv(await (await download).path())
  expect(csv.header.slice(0, 2)).toEqual(['Bill of lading', 'Carrier SCAC'])
  expect(csv.rows).toHaveLength(TAGGED)
  expect(csv.column('Bill of lading').sort()).toEqual([...billsOfLading].sort())
  for (const tags of csv.column('Tags')) expect(tags.split('; ')).toContain(tag)
  await expect(list.exportStatus(`Exported ${TAGGED} shipments.`)).toBeVisible()
})

test('an export can be cancelled while it runs', async ({ page }) => {
  const list = new ShipmentsPage(page)
  await list.open()
  // the second page is held until the export is cancelled, so it cannot finish first however slow the machine
  let release: () => void = () => undefined
  const cancelled = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route('**/v2/shipments?*page[number]=2*', async (route) => {
    await cancelled
    await route.continue().catch(() => undefined)
  })
  await list.exportButton().click()
  await expect(page.getByText(/Exporting 100 of \d+ shipments/)).toBeVisible()
  await list.cancelExport()
  await expect(list.exportStatus('Export cancelled.')).toBeVisible()
  release()
  await expect(list.exportButton()).toBeVisible()
})
