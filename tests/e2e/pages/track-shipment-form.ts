import { expect, type Page } from '@playwright/test'

export class TrackShipmentForm {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto('/tracking-requests/new')
    await expect(this.page.getByRole('heading', { name: 'Track a shipment' })).toBeVisible()
  }

  number = () => this.page.getByLabel('Number', { exact: true })
  numberType = () => this.page.getByLabel('Number type')
  carrier = () => this.page.getByLabel('Carrier')
  references = () => this.page.getByLabel('Reference numbers')
  detection = () => this.page.locator('.detection')
  submitButton = () => this.page.getByRole('button', { name: 'Start tracking' })

  async detect() {
    await this.page.getByRole('button', { name: 'Detect carrier' }).click()
    await expect(this.detection()).toBeVisible()
  }

  submit = () => this.submitButton().click()
}
