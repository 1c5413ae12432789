import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import { APP_ROUTES } from '../../src/contract/app-routes'
import { expectNoSeriousA11yViolations } from './pages/accessibility'
import { AppShell } from './pages/app-shell'
import { demoContainers } from './pages/demo-data'

const PHONE = { width: 390, height: 844 }
/** One line of header: the menu button's 44 px tap target and its padding. */
const ONE_LINE = 64

test.use({ viewport: PHONE })

const firstId = async (request: APIRequestContext, path: string) => {
  const body = await (await request.get(path)).json()
  const id = body.data?.[0]?.id as string | undefined
  if (!id) throw new Error(`The demo has nothing at ${path}`)
  return id
}

/** Every page of the dashboard with the demo's own ids in place of `:id`. */
async function demoPaths(request: APIRequestContext) {
  const [container] = await demoContainers(request, 1)
  const submissions = await (
    await request.get('/v2/email_submissions?q=documents%20for&page[size]=1&include=documents')
  ).json()
  const webhook = await firstId(request, '/v2/webhooks?page[size]=1')
  const ids: Record<string, string> = {
    '/containers/:id': container.id,
    '/shipments/:id': (container.relationships!.shipment.data as { id: string }).id,
    '/tracking-requests/:id': await firstId(request, '/v2/tracking_requests?page[size]=1'),
    '/webhooks/notifications/:id': await firstId(request, '/v2/webhook_notifications?page[size]=1'),
    '/webhooks/:id': webhook,
    '/webhooks/:id/deliveries': webhook,
    '/email/:id': submissions.data[0].id,
    '/documents/:id': submissions.data[0].relationships.documents.data[0].id,
    // a link nobody made: the page says so in words
    '/invite/:token': 'not-a-real-token',
    '/reset-password/:token': 'not-a-real-token',
  }
  return APP_ROUTES.map((route) => {
    if (!route.includes(':')) return route
    if (!ids[route]) throw new Error(`No demo id for ${route}: add one here`)
    return route.replace(/:[a-z]+/, ids[route])
  })
}

/** How far the page reaches sideways, and what reaches past the screen's right edge. */
const overflowOf = (page: Page) =>
  page.evaluate((width) => {
    const wide = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 0.5 && el.getClientRects().length > 0)
      .filter((el) => !el.parentElement || el.parentElement.getBoundingClientRect().right <= width + 0.5)
      .slice(0, 3)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`)
    return { scrollWidth: document.documentElement.scrollWidth, wide }
  }, PHONE.width)

test('no page scrolls sideways on a 390 px phone, and the header is one line', async ({ page }) => {
  test.setTimeout(180_000)
  await page.request.get('/session') // signs this browser context in before it reads the API
  const problems: string[] = []
  const shell = new AppShell(page)
  for (const path of await demoPaths(page.request)) {
    await page.goto(path)
    await expect(shell.heading()).toBeVisible()
    await expect(shell.busy()).toHaveCount(0)
    const { scrollWidth, wide } = await overflowOf(page)
    if (scrollWidth > PHONE.width) problems.push(`${path} is ${scrollWidth} px wide (${wide.join(', ')})`)
    const header = shell.header()
    if ((await header.count()) > 0) {
      const height = (await header.boundingBox())!.height
      if (height > ONE_LINE) problems.push(`${path}: the header is ${height} px tall`)
    }
  }
  expect(problems).toEqual([])
})

test('on a phone the menu button opens the navigation, and choosing a page closes it', async ({ page }) => {
  await page.goto('/')
  const shell = new AppShell(page)
  const menu = shell.menu()
  await expect(shell.nav('Shipments')).toBeHidden()
  await expect(menu).toHaveAttribute('aria-expanded', 'false')
  await menu.click()
  await expect(menu).toHaveAttribute('aria-expanded', 'true')
  await expectNoSeriousA11yViolations(page)
  await shell.nav('Shipments').click()
  await expect(page).toHaveURL(/\/shipments$/)
  await expect(shell.heading()).toContainText('Shipments')
  await expect(shell.nav('Shipments')).toBeHidden()
  await expect(menu).toHaveAttribute('aria-expanded', 'false')
  // Escape closes it too, and gives the focus back to the button
  await menu.click()
  await page.keyboard.press('Escape')
  await expect(shell.nav('Map')).toBeHidden()
  await expect(menu).toBeFocused()
  await expect(shell.goToBox()).toBeVisible()
})
