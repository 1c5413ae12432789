import { expect, type Page } from '@playwright/test'

/** The Fields panel of a shipment or container: one input a custom field, saved as it changes. */
export class FieldsPanel {
  constructor(readonly page: Page) {}

  region = () => this.page.getByRole('region', { name: 'Fields' })
  field = (name: string) => this.region().getByLabel(name)
  history = (name?: string) =>
    (name ? this.region().locator('.field-row').filter({ hasText: name }) : this.region())
      .getByText('History')
      .first()
  saved = (name: string) => this.page.getByText(`${name} saved.`)

  /** The problem a field shows under it, in words. */
  async problemOf(name: string) {
    return this.page.locator(`#${await this.field(name).getAttribute('id')}-error`)
  }

  /** Opens a shipment's page at its Fields panel. */
  async openShipment(id: string) {
    await this.page.goto(`/shipments/${id}`)
    await expect(this.region()).toBeVisible()
  }

  /** Types a value and presses Enter, which saves it. */
  async enter(name: string, value: string) {
    await this.field(name).fill(value)
    await this.field(name).press('Enter')
  }
}
