import { expect, type Page } from '@playwright/test'

/** Email: the inbound emails, each with the documents it brought. */
export class InboxPage {
  constructor(readonly page: Page) {}

  heading = () => this.page.getByRole('heading', { level: 1, name: 'Email' })
  table = () => this.page.getByRole('table', { name: 'Inbound email' })
  /** An email whose documents have all been read. */
  readOne = () =>
    this.table()
      .getByText(/^✓\s*(Read|All \d+ read)$/)
      .first()
  nothingMatches = () => this.page.getByRole('heading', { name: 'No email matches' })

  async open(base = '') {
    await this.page.goto(`${base}/email`)
    await expect(this.table()).toBeVisible()
  }

  async search(text: string) {
    await this.page.getByLabel('Search email').fill(text)
    await this.page.getByRole('button', { name: 'Apply filters' }).click()
  }

  clearFilters = () => this.page.getByRole('button', { name: 'Clear filters' }).click()

  /** Opens the first email whose subject matches, and gives its subject. */
  async openEmail(subject: RegExp) {
    const first = this.table().getByRole('link', { name: subject }).first()
    const text = (await first.textContent()) ?? ''
    await first.click()
    return text
  }
}
