import { expect, type Page, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './pages/accessibility'
import { AppShell } from './pages/app-shell'
import { DocumentPage } from './pages/document-page'
import { EmbedsPage } from './pages/embeds-page'
import { InboxPage } from './pages/inbox-page'
import { createWebhookFromPage } from './pages/own-session'
import { ShipmentsPage } from './pages/shipments-page'
import { SignInPage } from './pages/sign-in-page'
import { TrackShipmentForm } from './pages/track-shipment-form'
import { WebhookPages } from './pages/webhook-pages'
import { DEMO_KEY } from './support/connected-servers'
import { startExtraServer } from './support/extra-server'

const KEY = DEMO_KEY
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
  await list.open('', server.url)
  return list.openFirst()
}

test('a visitor of a read-only demo reads everything and is told in words what they cannot change', async ({
  page,
}) => {
  const violations = cspViolations(page)
  const shipment = await openFirstShipment(page)
  await expect(shipment.trackingButton()).toBeDisabled()
  await expect(shipment.trackingNote()).toHaveText(
    'Stopping and resuming tracking is not available: this demo is read-only.',
  )
  await expectNoSeriousA11yViolations(page)

  const shell = new AppShell(page)
  const form = new TrackShipmentForm(page)
  await form.open(server.url)
  await expect(shell.note()).toContainText(
    'Tracking a new shipment is not available: this demo is read-only.',
  )
  await expect(form.submitButton()).toBeDisabled()
  await expectNoSeriousA11yViolations(page)

  const webhooks = new WebhookPages(page)
  await webhooks.openList(server.url)
  await expect(shell.note()).toHaveText(
    'Adding, editing, testing and redelivering webhooks is not available: this demo is read-only. You can still read the webhooks and their delivery logs.',
  )
  await expect(webhooks.addLink()).toHaveCount(0)
  await expectNoSeriousA11yViolations(page)

  const write = await createWebhookFromPage(page, 'https://93.184.216.34/x')
  expect(write.status).toBe(403)
  expect(write.body.errors[0].detail).toMatch(/demo is read-only/)
  expect(violations).toEqual([])
})

test('the person who started the server signs in with the printed key and may change things', async ({
  page,
}) => {
  const signIn = new SignInPage(page)
  await signIn.open(server.url)
  await signIn.submit(KEY)
  await expect(page).toHaveURL(`${server.url}/`)
  const shipment = await openFirstShipment(page)
  await expect(shipment.trackingButton()).toBeEnabled()
  await expect(shipment.trackingNote()).toHaveCount(0)
})

test('the API of a public demo answers nobody without a token or a session', async ({ request }) => {
  const response = await request.get(`${server.url}/v2/shipments`)
  expect(response.status()).toBe(401)
  expect((await response.json()).errors[0]).toMatchObject({ status: '401', title: 'Unauthorized' })
})

test('a read-only demo shows its embed tokens and says in words that creating and revoking them is not available', async ({
  page,
}) => {
  const embeds = new EmbedsPage(page)
  await embeds.open(server.url)
  await expect(new AppShell(page).note()).toHaveText(
    'Creating and revoking embed tokens is not available: this demo is read-only. You can still see the tokens below, when they were last used and how often.',
  )
  await expect(embeds.createButton()).toBeDisabled()
  await expect(embeds.tokens()).toBeVisible()
  await expectNoSeriousA11yViolations(page)
})

test('a read-only visitor reads a document and what was read from it, and is told why it cannot be corrected', async ({
  page,
}) => {
  await new InboxPage(page).open(server.url)
  await page.request.get(`${server.url}/session`)
  const documents = await (await page.request.get(`${server.url}/v2/documents?page[size]=1`)).json()
  const document = new DocumentPage(page)
  await document.open(documents.data[0].id, server.url)
  await expect(document.heading()).toHaveText(documents.data[0].attributes.name)
  await expect(document.note('Correcting a document is not available: this demo is read-only.')).toBeVisible()
  await expect(document.saveCorrections()).toBeDisabled()
  await expect(document.readAgain()).toBeDisabled()
  await expectNoSeriousA11yViolations(page)
})
