import { expect, type Page } from '@playwright/test'
import { ShipmentPage } from './shipment-page'

export class ShipmentsPage {
  constructor(readonly page: Page) {}

  table = () => this.page.getByRole('table', { name: 'Shipments' })
  rows = () => this.table().locator('tbody tr')
  summary = () => this.page.getByText(/Showing \d+ of \d+ shipments/)

  /** Opens the list, with `query` (`?sort=…`), on the server at `base` (the main one when empty). */
  async open(query = '', base = '') {
    await this.page.goto(`${base}/shipments${query}`)
    await this.loaded()
  }

  async loaded() {
    await expect(this.summary()).toBeVisible()
    await expect(this.summary()).not.toContainText('updating')
  }

  async total() {
    const text = (await this.summary().textContent()) ?? ''
    return Number(/of (\d+) shipments/.exec(text)?.[1])
  }

  searchBox = () => this.page.getByLabel('Search shipments')
  exportButton = () => this.page.getByRole('button', { name: 'Export CSV' })
  exportProgress = () => this.page.getByRole('progressbar', { name: 'Export progress' })
  exportStatus = (text: string) => this.page.getByRole('status').filter({ hasText: text })
  cancelExport = () => this.page.getByRole('button', { name: 'Cancel export' }).click()

  async search(text: string) {
    await this.page.getByLabel('Search shipments').fill(text)
    await this.page.getByLabel('Search shipments').press('Enter')
  }

  columnHeader = (name: string) => this.table().getByRole('columnheader', { name: new RegExp(`^${name}`) })

  /** The first shipment's link, and its ETA as the list shows it. */
  firstLink = () => this.rows().first().locator('td:first-child a')
  firstEta = () => this.rows().first().locator('td').nth(3).locator('time')

  /** Opens the first shipment of the list. */
  async openFirst() {
    await this.firstLink().click()
    return new ShipmentPage(this.page)
  }

  async billsOfLading() {
    return this.rows().locator('td:first-child a').allTextContents()
  }
}
