import { expect, type Page } from '@playwright/test'

/** The money view: charges per customer or terminal over a period. */
export class ChargesPage {
  constructor(readonly page: Page) {}

  heading = () => this.page.getByRole('heading', { level: 1, name: 'Charges' })
  table = () => this.page.getByRole('table', { name: /^Charges per/ })
  chart = () => this.page.getByRole('img', { name: /^Charges per/ })
  groupBy = (name: 'Customer' | 'Terminal') =>
    this.page.getByRole('group', { name: 'Group by' }).getByRole('radio', { name })
  period = () => this.page.getByRole('combobox', { name: 'Period' })
  from = () => this.page.getByLabel('From', { exact: true })
  to = () => this.page.getByLabel('To', { exact: true })
  exportButton = () => this.page.getByRole('button', { name: 'Export CSV' })
  exportStatus = (text: string) => this.page.getByRole('status').filter({ hasText: text })

  async open(query = '') {
    await this.page.goto(`/charges${query}`)
    await expect(this.heading()).toBeVisible()
    await this.settled()
  }

  /** The answer for the current controls is on screen. */
  async settled() {
    await expect(this.table()).toHaveAttribute('aria-busy', 'false')
  }

  headers = async () => (await this.table().locator('thead th').allInnerTexts()).map((t) => t.trim())

  /** Each body row's cells as shown. */
  rows = async () => {
    const rows = this.table().locator('tbody tr')
    const all: string[][] = []
    for (let i = 0; i < (await rows.count()); i++)
      all.push((await rows.nth(i).locator('td').allInnerTexts()).map((t) => t.trim()))
    return all
  }
}
