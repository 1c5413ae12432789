import { expect, type Page } from '@playwright/test'

/** The webhook admin pages, by role and label. */
export class WebhookPages {
  constructor(private readonly page: Page) {}

  addLink = () => this.page.getByRole('link', { name: 'Add a webhook' })

  async openList(base = '') {
    await this.page.goto(`${base}/webhooks`)
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
