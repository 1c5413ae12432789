import { expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './pages/accessibility'
import { AppShell } from './pages/app-shell'
import { BoardPage } from './pages/board-page'
import { ContainerPage } from './pages/container-page'
import { demoContainers } from './pages/demo-data'
import { ErrorPanel } from './pages/error-panel'

test('search a container number, open it, and read its availability, LFD, holds, fees and timeline', async ({
  page,
}) => {
  await page.goto('/shipments')
  const containers = await demoContainers(page.request)
  const container = containers.find(
    (c) =>
      (c.attributes.holds_at_pod_terminal as unknown[]).length > 0 &&
      (c.attributes.fees_at_pod_terminal as unknown[]).length > 0 &&
      c.attributes.pickup_lfd,
  )
  expect(container, 'the demo has a container with holds, fees and an LFD').toBeDefined()
  const number = container!.attributes.number as string
  const holds = container!.attributes.holds_at_pod_terminal as { name: string; description?: string }[]

  await new AppShell(page).goTo(number)
  await expect(page).toHaveURL(new RegExp(`/containers/${container!.id}`))
  const view = new ContainerPage(page)
  await expect(view.heading()).toContainText(number)

  await expect(view.availability()).toContainText(/[Nn]ot available: /)
  await expect(view.availability()).toContainText(/\d+ days? left|Last free day is today|Overdue by \d+ day/)
  if (holds[0].description) await expect(view.holds()).toContainText(holds[0].description)
  await expect(view.lastFreeDay()).toContainText(/Set by the (terminal|railroad|shipping line)/)
  await expect(view.fees().getByRole('row', { name: /Total/ })).toContainText(/\$[\d,]+\.\d{2}/)

  const timeline = view.timeline()
  await expect(timeline).toContainText('Discharged from vessel')
  const firstTime = timeline.locator('time').first()
  // a zone's abbreviation, or its name where the browser has only an offset, or the offset where it has no name
  // either (the browser names no zone for Tanger Med's Africa/Casablanca, which the demo's voyages may call at)
  await expect(firstTime).toHaveText(/ ([A-Z]{3,4}|[A-Z][a-z]+( [A-Z][a-z]+)* Time|GMT[+-]\d{2}:\d{2})$/)
  await expect(firstTime).toHaveAttribute('title', /^Your time: /)

  await view.settled()
  await view.carrierEvents().click()
  await expect(page).toHaveURL(/events=carrier/)
  await expect(timeline.getByRole('listitem').first()).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  await page.reload()
  await expect(view.carrierEvents()).toHaveAttribute('aria-pressed', 'true')

  await view.settled()
  await view.newestFirst().click()
  await expect(page).toHaveURL(/order=newest/)
  await page.reload()
  await expect(view.newestFirst()).toHaveAttribute('aria-pressed', 'true')
})

test('the timeline shows what is planned after what happened, marked as estimated', async ({ page }) => {
  await page.goto('/?tab=arriving')
  const board = new BoardPage(page)
  await board.loaded()
  await board.rows().first().getByRole('link').first().click()
  const view = new ContainerPage(page)
  const timeline = view.timeline()
  const planned = timeline.getByRole('listitem').filter({ hasText: 'Vessel arrives' })
  await expect(planned).toContainText('Planned, estimated')
  await expect(timeline.getByRole('listitem').last()).toContainText('Planned, estimated')
  await view.settled()
  await view.newestFirst().click()
  await expect(timeline.getByRole('listitem').first()).toContainText('Planned, estimated')
})

test('an unknown container shows a readable error with Retry', async ({ page }) => {
  await page.goto('/containers/00000000-0000-4000-8000-000000000000')
  const error = new ErrorPanel(page)
  await expect(error.alert()).toContainText('Not found')
  await expect(error.alert()).toContainText("Couldn't find container")
  await expect(error.retryButton()).toBeVisible()
})
