import { expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './pages/accessibility'
import { BoardPage } from './pages/board-page'
import { ContainerPage } from './pages/container-page'
import { readCsv } from './pages/csv-file'

test('the app opens on the board: see the needs-attention count, open an overdue container, read the projected cost', async ({
  page,
}) => {
  const board = new BoardPage(page)
  await board.open()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Container board')
  await expect(board.tab(/^Needs attention/)).toHaveAttribute('aria-current', 'page')
  const attention = await board.count(/^Needs attention/)
  expect(attention).toBeGreaterThan(0)
  expect(await board.total()).toBe(attention)

  await board.tab(/^Overdue/).click()
  await expect(page).toHaveURL(/tab=overdue/)
  await board.loaded()
  const first = board.rows().first()
  await expect(first).toContainText(/Overdue/)
  await expect(first).toContainText(/Overdue by \d+ days?/)

  await first.getByRole('link').first().click()

  const container = new ContainerPage(page)
  const availability = container.availability()
  await expect(availability).toContainText(/^✖ Overdue/)
  await expect(availability).toContainText(/Overdue by \d+ days? \(last free day was /)
  await expect(availability).toContainText(
    /Picked up today: \$[\d,]+\.\d{2}; each further day: \$[\d,]+\.\d{2}/,
  )
  const banner = (await availability.textContent()) ?? ''
  // which overdue container comes first moves with the demo's clock: one bound for a rail ramp is priced by the
  // rail tariff and its last free day is the railroad's, one at a terminal by the terminal's
  const rail = banner.includes('Rail ramp storage')
  await expect(availability).toContainText(rail ? 'Illustrative rail storage tariff' : 'demo tariff')
  // the banner's last free day is the one its sources mark as counting
  const lfd = /last free day was ([A-Z][a-z]{2} \d{1,2}, \d{4})/.exec(banner)![1]
  await expect(container.lastFreeDay()).toContainText(
    rail ? 'Set by the railroad, and it counts' : 'Set by the terminal, and it counts',
  )
  const source = container.lastFreeDay().getByRole('row', { name: rail ? /^Railroad/ : /^Terminal/ })
  await expect(source).toContainText(lfd)
  await expect(source).toContainText('✔ Counts')
})

test('filter by LFD within 2 days and export one row per container', async ({ page }) => {
  const board = new BoardPage(page)
  await board.open()
  await page.getByLabel('Due within').selectOption({ label: '2 days' })
  await expect(page).toHaveURL(/days=2/)
  await expect(page).toHaveURL(/tab=lfd_soon/)
  await expect(board.tab(/^LFD ≤ 2 days/)).toHaveAttribute('aria-current', 'page')
  await board.loaded()
  // the demo's clock runs a minute a second, so a container may enter the window between the count and the
  // export: export again until both saw the same moment (a wrong export never agrees)
  let total = 0
  let csv: Awaited<ReturnType<typeof readCsv>> | undefined
  for (let attempt = 0; attempt < 3 && (attempt === 0 || csv?.rows.length !== total); attempt++) {
    if (attempt > 0) {
      await page.reload()
      await board.loaded()
    }
    total = await board.total()
    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Export CSV' }).click()
    csv = await readCsv(await (await download).path())
  }
  expect(total).toBeGreaterThan(0)
  expect(csv!.header.slice(0, 4)).toEqual([
    'Container',
    'Status',
    'Last free day (local date)',
    'Days left to last free day',
  ])
  expect(csv!.rows).toHaveLength(total)
  for (const days of csv!.column('Days left to last free day')) {
    expect(days).toMatch(/^\d+$/)
    expect(Number(days)).toBeLessThanOrEqual(2)
  }
  await expect(page.getByRole('status').filter({ hasText: `Exported ${total} containers.` })).toBeVisible()
})

test('filters and sort live in the URL and come back on reload', async ({ page }) => {
  const board = new BoardPage(page)
  await board.open('?tab=on_hold')
  await page.getByText('Filters', { exact: true }).click()
  await page.getByRole('combobox', { name: 'Hold', exact: true }).selectOption({ label: 'customs hold' })
  await page.getByRole('button', { name: 'Apply filters' }).click()
  await expect(page).toHaveURL(/hold=customs/)
  await board.loaded()
  await expect(board.rows().first()).toContainText('customs hold')
  await board
    .table()
    .getByRole('columnheader', { name: /^Last free day/ })
    .getByRole('button')
    .click()
  await expect(page).toHaveURL(/sort=pickup_lfd/)
  await page.reload()
  await board.loaded()
  await expect(page.getByRole('combobox', { name: 'Hold', exact: true })).toHaveValue('customs')
  await expect(board.table().getByRole('columnheader', { name: /^Last free day/ })).toHaveAttribute(
    'aria-sort',
    'ascending',
  )
})

test('on a phone the board is cards with status, LFD and holds, without sideways scrolling', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  const board = new BoardPage(page)
  await board.open()
  const card = board.rows().first()
  await expect(card).toBeVisible()
  for (const label of ['Status', 'Last free day / return by', 'Holds'])
    await expect(card.locator(`td[data-label="${label}"]`)).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  const link = card.getByRole('link').first()
  expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(44)
  await expectNoSeriousA11yViolations(page)
})

test('paste ten numbers with one bad check digit and see which failed', async ({ page }) => {
  await page.goto('/tracking-requests/new?mode=many')
  // nine bills of lading the simulated line knows, new on every run, and one container number mistyped
  const stamp = String(Date.now()).slice(-6)
  const numbers = Array.from({ length: 9 }, (_, i) => `MEDU71${stamp}${i}`)
  numbers.splice(4, 0, 'CSQU3054384')
  await page.getByLabel('Numbers, one a line or as CSV').fill(numbers.join('\n'))
  await expect(page.getByText('10 numbers found, 1 with a problem that will not be sent.')).toBeVisible()
  await page.getByRole('button', { name: 'Start tracking 9 numbers' }).click()
  const results = page.getByRole('table', { name: 'Results' })
  await expect(page.getByText('10 of 10 done')).toBeVisible({ timeout: 30_000 })
  await expect(results.locator('tbody tr')).toHaveCount(10)
  const bad = results.locator('tbody tr').filter({ hasText: 'CSQU3054384' })
  await expect(bad).toContainText(
    "Failed: This container number's check digit should be 3, not 4. Did you mean CSQU3054383?",
  )
  await expect(results.locator('tbody tr').filter({ hasText: 'Started' })).toHaveCount(9)
  await expect(
    page.getByRole('status').filter({ hasText: 'Started tracking 9 of 10 numbers; 1 failed.' }),
  ).toHaveCount(0)
  await expect(
    page.getByRole('alert').filter({ hasText: 'Started tracking 9 of 10 numbers; 1 failed.' }),
  ).toBeVisible()
})

test("a browser whose clock is days behind the service's still counts days on the service's clock", async ({
  page,
}) => {
  // a fast-forwarded demo runs ahead of the wall clock; the board counted its tabs on the service's clock
  await page.clock.install({ time: new Date(Date.now() - 3 * 86_400_000) })
  const board = new BoardPage(page)
  await board.open('?tab=lfd_soon&days=2')
  expect(await board.total()).toBeGreaterThan(0)
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export CSV' }).click()
  const csv = await readCsv(await (await download).path())
  for (const days of csv.column('Days left to last free day')) expect(Number(days)).toBeLessThanOrEqual(2)
})

test('filter Empty overdue, see the detention so far and each further day, and the empty countdown for one due', async ({
  page,
}) => {
  const board = new BoardPage(page)
  await board.open()
  await board.tab(/^Empty due/).click()
  await expect(page).toHaveURL(/tab=empty_due/)
  await board.loaded()
  // a picked-up container counts its empty's days down on the board
  await expect(board.rows().first()).toContainText(
    /Return by .*(left to return the empty|Return the empty today)/s,
  )

  await board.tab(/^Empty overdue/).click()
  await expect(page).toHaveURL(/tab=empty_overdue/)
  await board.loaded()
  expect(await board.count(/^Empty overdue/)).toBeGreaterThan(0)
  const first = board.rows().first()
  await expect(first).toContainText('Empty overdue: detention accruing')
  await expect(first).toContainText(/Empty overdue by \d+ days?/)
  await expect(first).toContainText(/Detention \$[\d,]+\.\d{2} so far, \+\$[\d,]+\.\d{2} a day/)
  await first.getByRole('link').first().click()

  const container = new ContainerPage(page)
  await expect(container.availability()).toContainText('Empty overdue: detention accruing')
  const detention = container.detention()
  await expect(detention).toContainText(/Returned today: \$[\d,]+\.\d{2}; each further day: \$[\d,]+\.\d{2}/)
  await expect(detention).toContainText('illustrative')
  await expect(detention.getByRole('row', { name: /^Day/ }).first()).toBeVisible()
  await expectNoSeriousA11yViolations(page)
})
