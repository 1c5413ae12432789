import { randomUUID } from 'node:crypto'
import { type APIRequestContext, expect, test } from '@playwright/test'
import { readCsv } from './pages/csv-file'
import { demoShipments } from './pages/demo-data'
import { ShipmentsPage } from './pages/shipments-page'

const KEY = 'e2e-demo-key-0000000000'
// more than one export page of 100
const TAGGED = 105

/**
 * Tags `count` demo shipments with a tag of this run's own, so the view filtered by it holds exactly
 * those whatever other journeys add meanwhile; answers the tag and their bills of lading.
 */
async function tagShipments(request: APIRequestContext, count: number) {
  const tag = `export-${randomUUID().slice(0, 8)}`
  const byId = new Map<string, Awaited<ReturnType<typeof demoShipments>>['data'][number]>()
  for (let number = 1; byId.size < count; number++) {
    const { data } = await demoShipments(request, `page[size]=100&page[number]=${number}`)
    if (data.length === 0) throw new Error(`The demo has fewer than ${count} shipments`)
    for (const shipment of data) byId.set(shipment.id, shipment)
  }
  const data = [...byId.values()].slice(0, count)
  for (let start = 0; start < count; start += 10)
    await Promise.all(
      data.slice(start, start + 10).map(async (shipment) => {
        const tags = [...((shipment.attributes.tags as string[] | null) ?? []), tag]
        const response = await request.patch(`/v2/shipments/${shipment.id}`, {
          headers: { Authorization: `Token ${KEY}`, 'Content-Type': 'application/vnd.api+json' },
          data: { data: { type: 'shipment', id: shipment.id, attributes: { tags } } },
        })
        expect(response.status()).toBe(200)
      }),
    )
  return { tag, billsOfLading: data.map((shipment) => shipment.attributes.bill_of_lading_number as string) }
}

test('export the whole filtered view as CSV, across all pages', async ({ page }) => {
  const { tag, billsOfLading } = await tagShipments(page.request, TAGGED)
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
  await page.getByRole('button', { name: 'Export CSV' }).click()
  await expect(page.getByRole('progressbar', { name: 'Export progress' })).toBeVisible()
  release()
  const csv = await readCsv(await (await download).path())
  expect(csv.header.slice(0, 2)).toEqual(['Bill of lading', 'Carrier SCAC'])
  expect(csv.rows).toHaveLength(TAGGED)
  expect(csv.column('Bill of lading').sort()).toEqual([...billsOfLading].sort())
  for (const tags of csv.column('Tags')) expect(tags.split('; ')).toContain(tag)
  await expect(page.getByRole('status').filter({ hasText: `Exported ${TAGGED} shipments.` })).toBeVisible()
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
  await page.getByRole('button', { name: 'Export CSV' }).click()
  await expect(page.getByText(/Exporting 100 of \d+ shipments/)).toBeVisible()
  await page.getByRole('button', { name: 'Cancel export' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Export cancelled.' })).toBeVisible()
  release()
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeVisible()
})
