import { expect, type Page } from '@playwright/test'

export class BoardPage {
  constructor(readonly page: Page) {}

  table = () => this.page.getByRole('table', { name: /^Containers: / })
  rows = () => this.table().locator('tbody tr')
  summary = () => this.page.getByText(/showing \d+ of \d+ containers/)
  tabs = () => this.page.getByRole('navigation', { name: 'Board views' })
  tab = (name: string | RegExp) => this.tabs().getByRole('link', { name })

  async open(query = '') {
    await this.page.goto(`/${query}`)
    await this.loaded()
  }

  async loaded() {
    await expect(this.summary()).toBeVisible()
    await expect(this.summary()).not.toContainText('updating')
  }

  /**
   * Opens the first row's container and gives its number. The number is read and the link followed in one step
   * in the page: read first and clicked after, a row the board replaced in between (a tab's rows arriving after
   * the last one's) opened another container than the one read.
   */
  async openFirstContainer() {
    const first = this.rows().first().locator('td a').first()
    await expect(first).toBeVisible()
    return first.evaluate((link: HTMLAnchorElement) => {
      const number = link.textContent?.trim() ?? ''
      link.click()
      return number
    })
  }

  async total() {
    return Number(/of (\d+) containers/.exec((await this.summary().textContent()) ?? '')?.[1])
  }

  /** The count a tab shows beside its name. */
  async count(name: string | RegExp) {
    return Number(
      await this.tab(name)
        .locator('.count')
        .evaluate((el) => el.firstChild?.textContent),
    )
  }
}
