import { createHmac, randomUUID } from 'node:crypto'
import { expect, test } from '@playwright/test'
import { startReceiver } from '../support/webhook-receiver'
import { expectNoSeriousA11yViolations } from './pages/accessibility'
import { AppShell } from './pages/app-shell'
import { causeFailedTrackingRequest, WebhookPages } from './pages/webhook-pages'

let receiver: Awaited<ReturnType<typeof startReceiver>>
let answer = 200

test.beforeAll(async () => {
  receiver = await startReceiver(() => ({ status: answer }))
})
test.afterAll(async () => {
  await receiver?.stop()
})

const standardSignature = (secret: string, received: { headers: Record<string, unknown>; body: string }) =>
  `v1,${createHmac('sha256', Buffer.from(secret))
    .update(`${received.headers['webhook-id']}.${received.headers['webhook-timestamp']}.${received.body}`)
    .digest('base64')}`

test('set up a webhook, test it, watch it fail and retry, redeliver it, and rotate its secret', async ({
  page,
}) => {
  test.setTimeout(180_000)
  page.on('dialog', (dialog) => void dialog.accept())
  const webhooks = new WebhookPages(page)
  const path = `/hooks/${randomUUID()}`
  const { secret, id } = await webhooks.create(receiver.url(path), 'Tracking request events')
  expect(secret).toMatch(/^[0-9a-f]{48}$/)
  await expectNoSeriousA11yViolations(page)

  // a test delivery, signed with the secret, answered at once
  await webhooks.sendTest('tracking_request.succeeded')
  await expect(webhooks.testDelivered(200)).toBeVisible()
  const tested = receiver.received.filter((r) => r.path === path).at(-1)!
  expect(tested.headers['x-t49-webhook-signature']).toBe(
    createHmac('sha256', secret).update(tested.body).digest('hex'),
  )

  // the receiver fails: the log shows the notification retrying, with when it is tried next
  answer = 503
  expect(await causeFailedTrackingRequest(page, randomUUID().slice(0, 8))).toBe(201)
  await webhooks.openDeliveries(id, '?status=retrying')
  await expect(webhooks.logRows().first()).toContainText('Retrying', { timeout: 30_000 })
  await expect(webhooks.logRows().first()).toContainText('Next attempt')
  await expect(webhooks.logRows().first()).toContainText('HTTP 503')
  await expect(page.getByLabel('Status')).toHaveValue('retrying')
  await expectNoSeriousA11yViolations(page)

  // fixed: redeliver from the notification's page, under the same id
  const notificationId = await webhooks.openFirstNotification()
  await expect(webhooks.attempts()).toBeVisible()
  await expect(page.getByText('webhook-signature').first()).toBeAttached()
  await expectNoSeriousA11yViolations(page)
  answer = 200
  const before = receiver.received.length
  await webhooks.redeliver()
  await expect(webhooks.notificationState()).toContainText('Succeeded', { timeout: 30_000 })
  // the redelivery keeps the notification's id; the dispatcher's own retries of the account's other
  // notifications may land here meanwhile, now that the receiver answers again
  await expect
    .poll(() =>
      receiver.received
        .slice(before)
        .filter((r) => r.path === path && r.headers['webhook-id'] === notificationId),
    )
    .not.toHaveLength(0)

  // rotate: for a day every delivery carries both signatures, and each verifies at the receiver
  const newSecret = await webhooks.rotateSecret(id)
  expect(newSecret).not.toBe(secret)
  const sent = receiver.received.length
  expect(await causeFailedTrackingRequest(page, randomUUID().slice(0, 8))).toBe(201)
  await expect
    .poll(() => receiver.received.slice(sent).filter((r) => r.path === path).length, { timeout: 30_000 })
    .toBeGreaterThan(0)
  const both = receiver.received.slice(sent).find((r) => r.path === path)!
  expect(String(both.headers['webhook-signature']).split(' ')).toEqual([
    standardSignature(newSecret, both),
    standardSignature(secret, both),
  ])
})

test('the webhook pages pass axe in light and dark mode and work by keyboard', async ({ page }) => {
  test.setTimeout(120_000)
  const shell = new AppShell(page)
  const webhooks = new WebhookPages(page)
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    for (const [path, heading] of [
      ['/webhooks', 'Webhooks'],
      ['/webhooks/new', 'Add a webhook'],
      ['/webhooks/deliveries', 'Delivery log'],
    ]) {
      await page.goto(path)
      await expect(shell.heading()).toContainText(heading)
      await expect(shell.busy()).toHaveCount(0)
      await expectNoSeriousA11yViolations(page)
    }
    await webhooks.openFirstWebhook()
    await expect(shell.heading()).toContainText('Webhook')
    await expectNoSeriousA11yViolations(page)
  }

  // by keyboard: a header row added and refused for bytes HTTP cannot carry, events chosen by group
  await webhooks.openNew()
  await webhooks.typeInto(webhooks.urlField(), receiver.url('/keyboard'))
  await webhooks.pressEnterOn(webhooks.addHeaderButton())
  await webhooks.typeInto(webhooks.headerName(1), 'X Bad Name')
  await webhooks.pressEnterOn(webhooks.createButton())
  await expect(
    page.getByText('A header name uses letters, digits and dashes', { exact: false }),
  ).toBeVisible()
  await expect(page.getByText('Choose at least one event')).toBeVisible()
  await expectNoSeriousA11yViolations(page)
})
