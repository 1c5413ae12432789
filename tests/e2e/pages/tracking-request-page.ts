import { expect, type Page } from '@playwright/test'

/** One tracking request: where it stands (Progress), and the shipment it became. */
export class TrackingRequestPage {
  constructor(readonly page: Page) {}

  progress = () => this.page.getByRole('region', { name: 'Progress' })
  heading = () => this.page.getByRole('heading', { level: 1 })

  /** Waits for a request's own page (after Start tracking) and gives its id. */
  async opened() {
    await expect(this.page).toHaveURL(/\/tracking-requests\/[0-9a-f-]{36}$/)
    return /tracking-requests\/([0-9a-f-]{36})$/.exec(this.page.url())?.[1] ?? ''
  }

  /** Follows Open the shipment once the request is tracking, to the shipment's page. */
  async openShipment() {
    await this.progress()
      .getByRole('link', { name: /Open the shipment/ })
      .click()
    await expect(this.page).toHaveURL(/\/shipments\/[0-9a-f-]{36}$/)
  }
}
