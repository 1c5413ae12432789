import { expect, type Locator, type Page } from '@playwright/test'

/** The webhook admin pages, by role and label. */
export class WebhookPages {
  constructor(private readonly page: Page) {}

  addLink = () => this.page.getByRole('link', { name: 'Add a webhook' })

  async openList(base = '') {
    await this.page.goto(`${base}/webhooks`)
  }

  urlField = () => this.page.getByRole('textbox', { name: 'URL' })
  addHeaderButton = () => this.page.getByRole('button', { name: 'Add a header' })
  headerName = (row: number) => this.page.getByLabel(`Header ${row} name`)
  createButton = () => this.page.getByRole('button', { name: 'Create webhook' })

  openNew = () => this.page.goto('/webhooks/new')

  async openFirstWebhook() {
    await this.openList()
    await this.page.getByRole('table', { name: 'Webhooks' }).locator('tbody tr a').first().click()
  }

  /** Focuses the control and types, by keyboard alone. */
  async typeInto(control: Locator, text: string) {
    await control.focus()
    await this.page.keyboard.type(text)
  }

  /** Focuses the button and presses Enter, by keyboard alone. */
  async pressEnterOn(button: Locator) {
    await button.focus()
    await this.page.keyboard.press('Enter')
  }

  async create(url: string, group: string) {
    await this.page.goto('/webhooks/new')
    await expect(this.page.getByRole('heading', { level: 1 })).toHaveText('Add a webhook')
    await this.page.getByRole('textbox', { name: 'URL' }).fill(url)
    await this.page.locator('summary', { hasText: group }).click()
    await this.page.getByLabel(`Select all in ${group.toLowerCase()}`).check()
    await this.page.getByRole('button', { name: 'Create webhook' }).click()
    const secret = await this.page.getByTestId('secret').textContent()
    await this.page.getByRole('link', { name: 'Open the webhook' }).click()
    await expect(this.page).toHaveURL(/\/webhooks\/[0-9a-f-]{36}$/)
    return { secret: secret ?? '', id: this.page.url().split('/').at(-1)! }
  }

  sendTest(event: string) {
    return this.page
      .getByLabel('Event kind')
      .selectOption(event)
      .then(() => this.page.getByRole('button', { name: 'Send test' }).click())
  }

  logRows() {
    return this.page.getByRole('table', { name: 'Notifications' }).locator('tbody tr')
  }

  testDelivered = (status: number) =>
    this.page.getByText(new RegExp(`Delivered: the endpoint answered ${status}`))
  attempts = () => this.page.getByRole('heading', { name: /Attempts/ })
  notificationState = () => this.page.getByRole('region', { name: 'State' })
  redeliver = () => this.page.getByRole('button', { name: 'Redeliver' }).click()

  /** A webhook's delivery log, filtered by `query` (`?status=…`). */
  openDeliveries = (id: string, query = '') => this.page.goto(`/webhooks/${id}/deliveries${query}`)

  /** Opens the log's first notification and gives its id (the id each delivery of it carries). */
  async openFirstNotification() {
    await this.logRows().first().getByRole('link').click()
    await expect(this.page).toHaveURL(/\/webhooks\/notifications\/[0-9a-f-]{36}$/)
    return this.page.url().split('/').at(-1)!
  }

  /** Rotates the webhook's secret from its page and gives the new one. */
  async rotateSecret(id: string) {
    await this.page.goto(`/webhooks/${id}`)
    await this.page.getByRole('button', { name: 'Rotate the secret' }).click()
    await expect(this.page.getByText('The new secret')).toBeVisible()
    return (await this.page.getByTestId('secret').textContent()) ?? ''
  }
}

/** Makes a tracking request the simulated carrier fails: every webhook on `tracking_request.failed` hears of it. */
export const causeFailedTrackingRequest = (page: Page, suffix: string) =>
  page.evaluate(async (number) => {
    const response = await fetch('/v2/tracking_requests', {
      method: 'POST',
      headers: { 'Content-Type': 'application/vnd.api+json' },
      body: JSON.stringify({
        data: {
          type: 'tracking_request',
          attributes: { request_type: 'bill_of_lading', request_number: number, scac: 'TEST' },
        },
      }),
    })
    return response.status
  }, `TEST-TR-FAILED-${suffix}`)
