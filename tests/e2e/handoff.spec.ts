import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import { SERVICE_TIME_HEADER } from '../../src/contract/service-time'
import { expectNoSeriousA11yViolations } from './pages/accessibility'
import { BoardPage } from './pages/board-page'
import { ContainerPage } from './pages/container-page'
import { demoContainers } from './pages/demo-data'
import { AppointmentsPanel, HandoffPage, PickupsPage } from './pages/pickup-delivery'
import { advanceClockPast, serviceTime } from './pages/service-clock'
import { startEmbedHost } from './support/embed-host-page'

// the site the trucker's email or chat shows the link on: an origin of its own beside the server's
const HOST_PORT = Number(process.env.E2E_PORT ?? 4173) + 1011
const PHONE = { width: 390, height: 844 }

/** A wall-clock time in the port's zone, as a datetime-local input takes it. */
const localInput = (instant: Date, zone: string) => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  )
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`
}

async function waitingContainer(request: APIRequestContext) {
  const containers = await demoContainers(request, 2)
  const waiting = containers.find(
    (c) =>
      c.attributes.pod_discharged_at &&
      c.attributes.available_for_pickup &&
      !c.attributes.pod_full_out_at &&
      !c.attributes.final_destination_full_out_at &&
      c.attributes.pod_timezone,
  )
  expect(waiting, 'the demo has a container waiting at the terminal').toBeDefined()
  return waiting!
}

async function newTrucker(request: APIRequestContext) {
  const name = `Harbor Drayage ${Date.now()}`
  const response = await request.post('/v2/parties', {
    headers: { 'Content-Type': 'application/vnd.api+json' },
    data: { data: { type: 'party', attributes: { company_name: name } } },
  })
  expect(response.status()).toBe(201)
  return name
}

const noSidewaysScroll = (page: Page) =>
  expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(PHONE.width)

test('set a pickup appointment and a trucker, send the delivery order, and the trucker confirms pickup signed out from another site', async ({
  page,
  browser,
}) => {
  const container = await waitingContainer(page.request)
  const number = container.attributes.number as string
  const zone = container.attributes.pod_timezone as string
  const trucker = await newTrucker(page.request)
  const clock = await page.request.get('/v2/containers?page[size]=1')
  const serviceNow = new Date(clock.headers()[SERVICE_TIME_HEADER.toLowerCase()] ?? Date.now())

  await page.goto(`/containers/${container.id}`)
  const view = new ContainerPage(page)
  await expect(view.heading()).toContainText(number)
  await view.settled()
  const panel = new AppointmentsPanel(page)
  // within today or tomorrow in the port, whatever hour the journey runs at
  await panel.setPickup(localInput(new Date(serviceNow.getTime() + 12 * 3_600_000), zone))
  await expect(panel.pickupSource()).toContainText('set by')
  await panel.setTrucker(trucker)
  await expectNoSeriousA11yViolations(page)
  const link = await panel.sendLink()

  const pickups = new PickupsPage(page)
  await pickups.open()
  await expect(pickups.row(number)).toContainText(trucker)
  await expect(pickups.row(number)).toContainText('Pickup appointment')
  await expectNoSeriousA11yViolations(page)

  const host = await startEmbedHost('127.0.0.1', HOST_PORT, new URL(link).origin)
  const signedOut = await browser.newContext({ viewport: PHONE })
  try {
    const trucking = await signedOut.newPage()
    await trucking.goto(host.show(`<p><a href="${link}">Your delivery order</a></p>`))
    await trucking.getByRole('link', { name: 'Your delivery order' }).click()
    const handoff = new HandoffPage(trucking)
    await expect(handoff.heading()).toHaveText('Delivery order')
    await expect(handoff.container(number)).toContainText('Pickup appointment')
    await noSidewaysScroll(trucking)
    await expectNoSeriousA11yViolations(trucking)
    await handoff.confirmPickup(number).click()
    await expect(handoff.status()).toHaveText('Pickup confirmed. Thank you.')
    await expect(handoff.container(number)).toContainText('Pickup confirmed')
  } finally {
    await signedOut.close()
    await host.stop()
  }

  // the dispatcher sees it picked up, by the trucker's word, and the empty's free time counting down
  await page.goto(`/containers/${container.id}`)
  await expect(view.availability()).toContainText(/Empty due back at .+ by /)
  await expect(view.detention()).toContainText(
    /Returned today: \$[\d,]+\.\d{2}; each further day: \$[\d,]+\.\d{2}/,
  )
  await expect(view.timeline()).toContainText('Full container picked up')
  const board = new BoardPage(page)
  await board.open('?tab=empty_due')
  expect(await board.count(/^Empty due/)).toBeGreaterThan(0)

  // the clock passes a deadline, by as little as it needs (later journeys share this server's clock). Not this
  // container's: the simulated terminal reports its own pickup days later. The board's nearest deadline passes
  // within a day, but the empty may come back before it does: then the next one's is passed
  await board.open('?tab=empty_due&sort=empty_return_deadline')
  const candidates = await Promise.all(
    (await board.rows().all()).slice(0, 5).map(async (row) => {
      const link = row.locator('td a').first()
      return {
        number: ((await link.textContent()) ?? '').trim(),
        id: ((await link.getAttribute('href')) ?? '').split('/').at(-1) ?? '',
      }
    }),
  )
  let overdue: (typeof candidates)[number] | undefined
  for (const candidate of candidates) {
    const empty = await emptyOf(page.request, candidate.id)
    if (empty.returned) continue
    if (empty.deadline.getTime() > (await serviceTime(page.request)).getTime())
      await advanceClockPast(page.request, empty.deadline)
    if (!(await emptyOf(page.request, candidate.id)).returned) {
      overdue = candidate
      break
    }
  }
  expect(overdue, 'an empty still out once its deadline passed, among the five due first').toBeDefined()
  await board.open('?tab=empty_overdue&sort=-empty_return_deadline&size=50')
  const row = board.rows().filter({ hasText: overdue!.number })
  await expect(row).toContainText(/Empty overdue by \d+ days?/)
  await expect(row).toContainText(/Detention \$[\d,]+\.\d{2} so far, \+\$[\d,]+\.\d{2} a day/)
  await page.goto(`/containers/${overdue!.id}`)
  await expect(view.detention()).toContainText(/Empty overdue by \d+ days?/)
  await expect(view.detention()).toContainText(
    /Returned today: \$[\d,]*[1-9][\d,]*\.\d{2}; each further day: \$[\d,]+\.\d{2}/,
  )
})

/** Its empty's return deadline, and whether the terminal has taken the empty back. */
async function emptyOf(request: APIRequestContext, id: string) {
  const answer = await request.get(`/v2/containers/${id}`)
  const attributes = (await answer.json()).data.attributes
  const deadline = attributes.empty_return_deadline as string | null
  expect(deadline, 'the empty has a return deadline').toBeTruthy()
  return { deadline: new Date(deadline!), returned: Boolean(attributes.empty_terminated_at) }
}
