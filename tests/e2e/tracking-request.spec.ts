import { expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './pages/accessibility'
import { TrackShipmentForm } from './pages/track-shipment-form'
import { TrackingRequestPage } from './pages/tracking-request-page'

// The e2e server resolves tracking requests within seconds (CLOCK_SPEED); see support/start-server.ts.
test('create a tracking request with auto-detect and watch it become a shipment', async ({ page }) => {
  const form = new TrackShipmentForm(page)
  await form.open()
  // the simulated carrier decides by the number: this one is found at the first lookup
  const number = 'MEDU700000000'
  await form.number().fill(number)
  await form.detect()
  await expect(form.detection()).toContainText(
    /Detected Mediterranean Shipping Company \(MSCU\), \d+% confident/,
  )
  await expect(form.carrier()).toHaveValue('MSCU')
  await expect(form.numberType()).toHaveValue('bill_of_lading')
  await form.references().fill('PO-E2E-1')
  await expectNoSeriousA11yViolations(page)
  await form.submit()

  const request = new TrackingRequestPage(page)
  await request.opened()
  await expect(request.progress()).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await expect(request.progress()).toContainText('Tracking', { timeout: 45_000 })
  await request.openShipment()
  await expect(request.heading()).toContainText(number)
})

test('auto-detect asks for confirmation when it is not sure', async ({ page }) => {
  const form = new TrackShipmentForm(page)
  await form.open()
  await form.number().fill('MSKU1234566') // the check digit should be 5
  await form.detect()
  await expect(form.detection()).toContainText('please confirm')
  await expect(form.submitButton()).toBeDisabled()
  await form.chooseCarrier(/Maersk \(MAEU\), 60% confident/)
  await expect(form.carrier()).toHaveValue('MAEU')
  await expect(form.submitButton()).toBeEnabled()
})

test('a duplicate request shows the 422 on its field', async ({ page }) => {
  const form = new TrackShipmentForm(page)
  const number = 'MAEU700000000'
  for (let attempt = 0; attempt < 2; attempt++) {
    await form.open()
    await form.number().fill(number)
    await form.carrier().fill('MAEU')
    await form.submit()
    if (attempt === 0) await new TrackingRequestPage(page).opened()
  }
  await expect(form.number()).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByText(`${number} is already being tracked with MAEU`, { exact: true })).toBeVisible()
  await page.getByRole('link', { name: 'Open the existing tracking request' }).click()
  const existing = new TrackingRequestPage(page)
  await existing.opened()
  await expect(existing.heading()).toContainText(number)
})

test('an empty form says what to enter in words, never a schema message', async ({ page }) => {
  const form = new TrackShipmentForm(page)
  await form.open()
  await form.submit()
  await expect(form.number()).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByText('Enter a bill of lading, booking or container number')).toBeVisible()
  await expect(
    page.getByText('Choose the carrier: type its name or SCAC, or use Detect carrier'),
  ).toBeVisible()
  await expect(page.getByRole('main')).not.toContainText(/too_small|Invalid input|expected string/i)
})

test('a container number with a wrong check digit is caught before sending, with the likely number to use', async ({
  page,
}) => {
  const form = new TrackShipmentForm(page)
  await form.open()
  // CSQU3054383 with two digits swapped
  await form.number().fill('CSQU3045383')
  await expect(page.getByText("This container number's check digit should be 1, not 3.")).toBeVisible()
  await form.carrier().fill('CMDU')
  await form.submit()
  await expect(form.number()).toHaveAttribute('aria-invalid', 'true')
  await expect(page).toHaveURL(/\/tracking-requests\/new$/)
  await form.useSuggestedNumber('CSQU3054383')
  await expect(form.number()).toHaveValue('CSQU3054383')
  await expect(page.getByText(/check digit should be/)).toHaveCount(0)
})

test('pasting a number detects its carrier, and changing the number clears what was detected', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const form = new TrackShipmentForm(page)
  await form.open()
  await page.evaluate(() => navigator.clipboard.writeText('MEDU700000000'))
  await form.pasteNumber()
  await expect(form.detection()).toContainText(/Detected Mediterranean Shipping Company \(MSCU\)/)
  await expect(form.carrier()).toHaveValue('MSCU')
  await form.number().fill('MAEU123456789')
  await expect(form.detection()).toHaveCount(0)
  await expect(form.carrier()).toHaveValue('')
})

test('a failed request and one waiting for the manifest are explained in words', async ({ page }) => {
  const form = new TrackShipmentForm(page)
  for (const [number, carrier, words] of [
    ['TEST-TR-FAILED', 'TEST', /Failed.*The carrier does not know this number/s],
    // the simulated line publishes this bill of lading only hours later
    ['MEDU700000138', 'MSCU', /Waiting for the carrier to publish it.*has not published the shipment yet/s],
  ] as const) {
    await form.open()
    await form.number().fill(number)
    await form.carrier().fill(carrier)
    await form.submit()
    const request = new TrackingRequestPage(page)
    await request.opened()
    await expect(request.progress()).toContainText(words, { timeout: 30_000 })
  }
})

test('the list shows statuses in words and filters by status', async ({ page }) => {
  await page.goto('/tracking-requests')
  await page.getByLabel('Status').selectOption({ label: 'Tracking' })
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page).toHaveURL(/status=created/)
  const table = page.getByRole('table', { name: 'Tracking requests' })
  await expect(page.getByText(/\d+ tracking requests/)).toBeVisible()
  // the unfiltered rows stay in view until the filtered page arrives: wait for it rather than read them
  await expect
    .poll(async () => [...new Set(await table.locator('tbody tr .status').allTextContents())])
    .toEqual(['Tracking'])
  await expect(table.getByRole('link', { name: 'Open shipment' }).first()).toBeVisible()
  await expectNoSeriousA11yViolations(page)
})
