import { expect, type Page, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './pages/accessibility'
import { createWebhookFromPage } from './pages/own-session'
import { ShipmentsPage } from './pages/shipments-page'
import { startExtraServer } from './support/extra-server'

const KEY = 'e2e-demo-key-0000000000'
const PORT = Number(process.env.E2E_READ_ONLY_PORT ?? Number(process.env.E2E_PORT ?? 4173) + 1002)

let server: Awaited<ReturnType<typeof startExtraServer>>
test.beforeAll(async () => {
  test.setTimeout(180_000)
  server = await startExtraServer(PORT, { DEMO_ACCESS: 'read-only' })
})
test.afterAll(async () => {
  await server?.stop()
})

/** Collects what the browser refused under the Content-Security-Policy. */
const cspViolations = (page: Page) => {
  const seen: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) seen.push(message.text())
  })
  return seen
}

const openFirstShipment = async (page: Page) => {
  const list = new ShipmentsPage(page)
  await page.goto(`${server.url}/shipments`)
  await list.loaded()
  await list.rows().first().locator('td:first-child a').click()
  return page.getByRole('region', { name: 'Tracking with the carrier' })
}

test('a visitor of a read-only demo reads everything and is told in words what they cannot change', async ({
  page,
}) => {
  const violations = cspViolations(page)
  const tracking = await openFirstShipment(page)
  await expect(tracking.getByRole('button', { name: /tracking/ })).toBeDisabled()
  await expect(tracking.getByRole('note')).toHaveText(
    'Stopping and resuming tracking is not available: this demo is read-only.',
  )
  await expectNoSeriousA11yViolations(page)

  await page.goto(`${server.url}/tracking-requests/new`)
  await expect(page.getByRole('note')).toContainText(
    'Tracking a new shipment is not available: this demo is read-only.',
  )
  await expect(page.getByRole('button', { name: 'Start tracking' })).toBeDisabled()
  await expectNoSeriousA11yViolations(page)

  await page.goto(`${server.url}/webhooks`)
  await expect(page.getByRole('note')).toHaveText(
    'Adding, editing, testing and redelivering webhooks is not available: this demo is read-only. You can still read the webhooks and their delivery logs.',
  )
  await expect(page.getByRole('link', { name: 'Add a webhook' })).toHaveCount(0)
  await expectNoSeriousA11yViolations(page)

  const write = await createWebhookFromPage(page, 'https://93.184.216.34/x')
  expect(write.status).toBe(403)
  expect(write.body.errors[0].detail).toMatch(/demo is read-only/)
  expect(violations).toEqual([])
})

test('the person who started the server signs in with the printed key and may change things', async ({
  page,
}) => {
  await page.goto(`${server.url}/sign-in`)
  await page.getByLabel('API key').fill(KEY)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(`${server.url}/`)
  const tracking = await openFirstShipment(page)
  await expect(tracking.getByRole('button', { name: /tracking/ })).toBeEnabled()
  await expect(tracking.getByRole('note')).toHaveCount(0)
})

test('the API of a public demo answers nobody without a token or a session', async ({ request }) => {
  const response = await request.get(`${server.url}/v2/shipments`)
  expect(response.status()).toBe(401)
  expect((await response.json()).errors[0]).toMatchObject({ status: '401', title: 'Unauthorized' })
})

test('a read-only demo shows its embed tokens and says in words that creating and revoking them is not available', async ({
  page,
}) => {
  await page.goto(`${server.url}/settings/embeds`)
  await expect(page.getByRole('heading', { name: 'Customer embeds' })).toBeVisible()
  await expect(page.getByRole('note')).toHaveText(
    'Creating and revoking embed tokens is not available: this demo is read-only. You can still see the tokens below, when they were last used and how often.',
  )
  await expect(page.getByRole('button', { name: 'Create token' })).toBeDisabled()
  await expect(page.getByRole('table', { name: 'Embed tokens' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)
})

test('a read-only visitor reads a document and what was read from it, and is told why it cannot be corrected', async ({
  page,
}) => {
  await page.goto(`${server.url}/email`)
  await expect(page.getByRole('table', { name: 'Inbound email' })).toBeVisible()
  await page.request.get(`${server.url}/session`)
  const documents = await (await page.request.get(`${server.url}/v2/documents?page[size]=1`)).json()
  await page.goto(`${server.url}/documents/${documents.data[0].id}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(documents.data[0].attributes.name)
  await expect(
    page
      .getByRole('note')
      .filter({ hasText: 'Correcting a document is not available: this demo is read-only.' }),
  ).toBeVisible()
  await expect(page.getByRole('button', { name: 'Save corrections' })).toBeDisabled()
  await expect(page.getByRole('button', { name: 'Read again', exact: true })).toBeDisabled()
  await expectNoSeriousA11yViolations(page)
})
