import type { Page } from '@playwright/test'

/** One inbound email: who sent it, its message (in a sandboxed frame), and its documents. */
export class EmailPage {
  constructor(readonly page: Page) {}

  heading = () => this.page.getByRole('heading', { level: 1 })
  message = () => this.page.frameLocator('iframe[title="Email message"]')
  showRemoteImages = () => this.page.getByRole('button', { name: 'Show remote images' })

  /** Opens the first document whose name matches. */
  openDocument = (name: RegExp) => this.page.getByRole('link', { name }).first().click()
}
