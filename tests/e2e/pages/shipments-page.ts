import { expect, type Page } from '@playwright/test'

export class ShipmentsPage {
  constructor(readonly page: Page) {}

  table = () => this.page.getByRole('table', { name: 'Shipments' })
  rows = () => this.table().locator('tbody tr')
  summary = () => this.page.getByText(/Showing \d+ of \d+ shipments/)

  async open(query = '') {
    await this.page.goto(`/shipments${query}`)
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

  async search(text: string) {
    await this.page.getByLabel('Search shipments').fill(text)
    await this.page.getByLabel('Search shipments').press('Enter')
  }

  columnHeader = (name: string) => this.table().getByRole('columnheader', { name: new RegExp(`^${name}`) })

  async billsOfLading() {
    return this.rows().locator('td:first-child a').allTextContents()
  }
}
