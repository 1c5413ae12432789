import { expect, test } from '@playwright/test'
import { distanceKm, interpolate, type Point } from '../../src/server/tracking/geo'
import { inWaterway, landMask } from '../support/land-mask'
import { expectNoSeriousA11yViolations } from './pages/accessibility'
import { ContainerPage } from './pages/container-page'
import { MapPage, mapVessels } from './pages/map-page'
import { serviceTime } from './pages/service-clock'

const degrees = (value: number, positive: string, negative: string) =>
  `${Math.abs(value).toFixed(2)}° ${value >= 0 ? positive : negative}`

test('find a vessel in the map’s list, see the containers aboard and open one', async ({ page }) => {
  const map = new MapPage(page)
  await map.open()
  await expect(map.map().locator('canvas.vessel-canvas')).toBeAttached()
  await page.getByRole('link', { name: 'List', exact: true }).click()
  await expect(page).toHaveURL(/view=list/)
  const first = map.list().locator('tbody tr').first().getByRole('button')
  const name = (await first.textContent()) ?? ''
  await first.click()
  await expect(page).toHaveURL(/vessel=/)
  await expect(map.panel().getByRole('heading', { level: 2 })).toHaveText(name)
  await expect(map.fact('IMO')).toHaveText(/^\d{7}$/)
  await expect(map.fact('ETA')).toContainText(/\d{4}/)
  const aboard = map.panel().getByRole('listitem').first().getByRole('link').first()
  const number = (await aboard.textContent()) ?? ''
  expect(number).toMatch(/^[A-Z]{4}\d{7}$/)
  await aboard.click()
  await expect(page).toHaveURL(/\/containers\//)
  await expect(new ContainerPage(page).heading()).toContainText(number)
})

test('a port’s waiting containers link to the board filtered to its terminal', async ({ page }) => {
  const map = new MapPage(page)
  await map.open('?view=list')
  const ports = page.getByRole('region', { name: 'Ports with your containers waiting' })
  const onHold = ports.getByRole('link', { name: /^\d+ on hold$/ }).first()
  const count = Number(((await onHold.textContent()) ?? '').split(' ')[0])
  await onHold.click()
  await expect(page).toHaveURL(/\/\?tab=on_hold&terminal=/)
  await expect(page.getByText(new RegExp(`of ${count} containers`))).toBeVisible()
})

test('drag the forecast slider to the end and see the vessel arrived at its port of discharge', async ({
  page,
}) => {
  // one still at sea for a while: the demo's clock runs an hour a minute, and a vessel past its arrival has no
  // course left to forecast, so no place on the slider shows it arrived
  const now = (await serviceTime(page.request)).getTime()
  const vessel = (await mapVessels(page)).find(
    (v) =>
      v.attributes.next_port.is_port_of_discharge &&
      Date.parse(v.attributes.arrives_at ?? '') > now + 3 * 3_600_000,
  )
  expect(vessel, 'a vessel sails to a port of discharge in the demo').toBeDefined()
  const port = vessel!.attributes.next_port
  const map = new MapPage(page)
  await map.open(`?vessel=${vessel!.id}`)
  await expect(map.fact('State')).not.toContainText('Arrived')
  await map.slider().focus()
  await page.keyboard.press('End')
  await expect(map.fact('State')).toHaveText(`Arrived at ${port.name}`)
  await expect(map.fact('Position')).toContainText(
    `${degrees(port.latitude, 'N', 'S')}, ${degrees(port.longitude, 'E', 'W')}`,
  )
  await expect(page.getByText(/^Forecast: /)).toBeVisible()
  // on the map, the route ahead is gone and the port is labelled
  await expect(map.map().getByText(port.name)).toBeVisible()
})

test('the map and its list pass axe and work by keyboard alone', async ({ page }) => {
  const map = new MapPage(page)
  await map.open()
  await expect(map.map().getByText('Land and borders: Natural Earth')).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await map.open('?view=list')
  await expect(map.list().locator('tbody tr').first()).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  // keyboard only: tab to the first vessel and open it
  const first = map.list().locator('tbody tr').first().getByRole('button')
  for (let i = 0; i < 40 && !(await first.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Tab')
  await expect(first).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(map.panel()).toBeVisible()
  await expectNoSeriousA11yViolations(page)
})

/** The lines of an SVG path drawn in longitude and latitude (y is latitude upside down), one per `M`. */
const linesOf = (d: string): Point[][] =>
  d
    .split('M')
    .filter(Boolean)
    .map((line) =>
      [...`M${line}`.matchAll(/[ML](-?[\d.]+),(-?[\d.]+)/g)].map(
        (m): Point => [-Number(m[2]), ((Number(m[1]) + 540) % 360) - 180],
      ),
    )

test('the route map holds its place while it loads, so the page below it does not move', async ({ page }) => {
  const vessel = (await mapVessels(page))[0]
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(/\/v2\/containers\/[^/]+\/route/, async (route) => {
    await held
    await route.continue()
  })
  await page.goto(`/containers/${vessel.relationships.containers.data[0].id}`)
  const section = page.locator('section[aria-labelledby="route-map-title"]')
  const frame = section.locator('.route-mini-map-frame')
  await expect(frame).toBeVisible()
  await expect(section.getByText('Loading the route map…')).toBeVisible()
  // measured once laid out: visible can come a frame before the box (it read null pinned to one core)
  let reserved: Awaited<ReturnType<typeof frame.boundingBox>> = null
  await expect.poll(async () => (reserved = await frame.boundingBox())).not.toBeNull()
  const before = (await section.boundingBox())!
  release()
  const map = section.locator('figure.route-mini-map svg')
  await expect(section.locator('path.route-line').first()).toBeAttached()
  // the line can be in the document a frame before the map is laid out (it failed loaded, pinned to one core)
  await expect(map).toBeVisible()
  // and it can be drawn again once more while it settles, detached for that moment
  let box: Awaited<ReturnType<typeof map.boundingBox>> = null
  await expect.poll(async () => (box = await map.boundingBox())).not.toBeNull()
  const drawn = box!
  expect(Math.abs(drawn.height - reserved!.height)).toBeLessThanOrEqual(1)
  expect(Math.abs(drawn.width - reserved!.width)).toBeLessThanOrEqual(1)
  expect(Math.abs((await section.boundingBox())!.height - before.height)).toBeLessThanOrEqual(1)
  // the route is drawn to the frame's shape, not boxed in sea bands
  const [, , width, height] = ((await map.getAttribute('viewBox')) ?? '').split(' ').map(Number)
  expect(width / height).toBeCloseTo(drawn.width / drawn.height, 1)
})

test('the route map on a container page crosses no land and opens the full map on its vessel', async ({
  page,
}) => {
  const vessel = (await mapVessels(page))[0]
  await page.goto(`/containers/${vessel.relationships.containers.data[0].id}`)
  const figure = page.locator('figure.route-mini-map')
  await expect(figure.locator('path.route-line').first()).toBeAttached()
  const lines = await figure
    .locator('path.route-line')
    .evaluateAll((paths) => paths.map((p) => p.getAttribute('d') ?? ''))
  const ports = (
    await figure
      .locator('circle.route-port')
      .evaluateAll((circles) =>
        circles.map((c) => [Number(c.getAttribute('cx')), Number(c.getAttribute('cy'))]),
      )
  ).map(([x, y]): Point => [-y, ((x + 540) % 360) - 180])
  const onLand = landMask()
  const crossings: string[] = []
  let checked = 0
  for (const line of lines.flatMap(linesOf))
    for (let i = 1; i < line.length; i++) {
      const steps = Math.ceil(distanceKm(line[i - 1], line[i]) / 5)
      for (let k = 0; k <= steps; k++) {
        const point = interpolate(line[i - 1], line[i], k / steps)
        if (ports.some((port) => distanceKm(point, port) < 30) || inWaterway(point)) continue
        checked++
        if (onLand(point)) crossings.push(point.map((n) => n.toFixed(2)).join(','))
      }
    }
  expect(checked).toBeGreaterThan(50)
  expect(crossings).toEqual([])
  await figure.getByRole('link', { name: `Show ${vessel.attributes.name} on the map` }).click()
  await expect(page).toHaveURL(new RegExp(`/map\\?vessel=${vessel.id}`))
  await expect(new MapPage(page).panel().getByRole('heading', { level: 2 })).toHaveText(
    vessel.attributes.name,
  )
})

test('open a vessel on the map and see only containers whose own pages name that vessel and voyage', async ({
  page,
}) => {
  const vessels = await mapVessels(page)
  const busiest = vessels.reduce((a, b) =>
    b.relationships.containers.data.length > a.relationships.containers.data.length ? b : a,
  )
  expect(busiest.relationships.containers.data.length, 'a vessel carries several containers').toBeGreaterThan(
    1,
  )
  const map = new MapPage(page)
  await map.open(`?vessel=${busiest.id}`)
  await expect(map.panel().getByRole('heading', { level: 2 })).toHaveText(busiest.attributes.name)
  const voyage = (await map.fact('Voyage').textContent()) ?? ''
  expect(voyage).toMatch(/^\d{3}[NSEW]$/)
  const aboard = map
    .panel()
    .getByRole('listitem')
    .getByRole('link', { name: /^[A-Z]{4}\d{7}$/ })
  await expect(aboard.first()).toBeVisible()
  const links = await aboard.evaluateAll((anchors) =>
    anchors.map((a) => ({ number: a.textContent ?? '', href: a.getAttribute('href') ?? '' })),
  )
  const container = new ContainerPage(page)
  for (const { number, href } of links.slice(0, 4)) {
    await page.goto(href)
    await expect(container.heading()).toContainText(number)
    await container.settled()
    // its departure on this vessel names the same voyage the map does
    await expect(container.timeline()).toContainText(`${busiest.attributes.name} · ${voyage}`)
  }
})
