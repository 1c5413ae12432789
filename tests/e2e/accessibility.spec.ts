import { expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './pages/accessibility'
import { AppShell } from './pages/app-shell'
import { BoardPage } from './pages/board-page'
import { ContainerPage } from './pages/container-page'
import { demoContainers } from './pages/demo-data'
import { ShipmentsPage } from './pages/shipments-page'
import { TrackShipmentForm } from './pages/track-shipment-form'

test('every page passes axe in light and dark mode', async ({ page }) => {
  // fourteen pages and two states, twice
  test.setTimeout(240_000)
  const list = new ShipmentsPage(page)
  await list.open()
  const containers = await demoContainers(page.request, 1)
  const container = containers.find((c) => c.attributes.pod_discharged_at) ?? containers[0]
  const shipmentId = (container.relationships!.shipment.data as { id: string }).id
  const pages: [string, RegExp | string][] = [
    ['/', 'Container board'],
    ['/?tab=done', 'Container board'],
    ['/shipments', 'Shipments'],
    [`/shipments/${shipmentId}`, 'Bill of lading'],
    [`/containers/${container.id}`, 'Container'],
    [`/containers/${container.id}?events=carrier`, 'Container'],
    ['/tracking-requests', 'Tracking requests'],
    ['/tracking-requests/new', 'Track a shipment'],
    ['/tracking-requests/new?mode=many', 'Track a shipment'],
    ['/settings', 'Settings'],
    ['/settings/custom-fields', 'Custom fields'],
    ['/settings/custom-fields?edit=new', 'Custom fields'],
    ['/account', 'Account'],
    ['/sign-in', 'Sign in to Quayside'],
    ['/no-such-page', 'Page not found'],
  ]
  const shell = new AppShell(page)
  const form = new TrackShipmentForm(page)
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    for (const [path, heading] of pages) {
      await page.goto(path)
      await expect(shell.heading()).toContainText(heading)
      await expect(shell.busy()).toHaveCount(0)
      await expectNoSeriousA11yViolations(page)
    }
    // the shortcuts dialog and a form with its problems showing
    await page.goto('/')
    await page.keyboard.press('?')
    await expectNoSeriousA11yViolations(page)
    await page.keyboard.press('Escape')
    await form.open()
    await form.submit()
    await expect(form.number()).toHaveAttribute('aria-invalid', 'true')
    await expectNoSeriousA11yViolations(page)
  }
})

test('everything is reachable by keyboard, starting with the skip link', async ({ page }) => {
  const list = new ShipmentsPage(page)
  const shell = new AppShell(page)
  await list.open()
  await page.keyboard.press('Tab')
  await expect(shell.skipLink()).toBeFocused()
  await expect(shell.skipLink()).toBeInViewport()
  await page.keyboard.press('Enter')
  await expect(shell.main()).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(list.searchBox()).toBeFocused()
  const outline = await list.searchBox().evaluate((el) => getComputedStyle(el).outlineStyle)
  expect(outline).not.toBe('none')
})

test('the board works by keyboard alone: choose a tab, sort, and open a container', async ({ page }) => {
  const board = new BoardPage(page)
  await board.open()
  const overdue = board.tab(/^Overdue/)
  await overdue.focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/tab=overdue/)
  await board.loaded()
  const sort = board
    .table()
    .getByRole('columnheader', { name: /^Last free day/ })
    .getByRole('button')
  await sort.focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/sort=pickup_lfd/)
  await board.loaded()
  // Tab from the sort button reaches the first row's container link
  const first = board.rows().first().getByRole('link').first()
  for (let i = 0; i < 12 && !(await first.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Tab')
  await expect(first).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(new ContainerPage(page).availability()).toContainText('Overdue')
})
