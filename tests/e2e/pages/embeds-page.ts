import { expect, type Page } from '@playwright/test'

/** Settings → Customer embeds: the token form and the table of tokens. */
export class EmbedsPage {
  constructor(readonly page: Page) {}

  heading = () => this.page.getByRole('heading', { name: 'Customer embeds' })
  createButton = () => this.page.getByRole('button', { name: 'Create token' })
  tokens = () => this.page.getByRole('table', { name: 'Embed tokens' })

  async open(base = '') {
    await this.page.goto(`${base}/settings/embeds`)
    await expect(this.heading()).toBeVisible()
  }
}
