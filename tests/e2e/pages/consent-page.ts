import { expect, type Page } from '@playwright/test'

/** `/oauth/authorize`: the server's page where a person allows or denies an app. */
export class ConsentPage {
  constructor(readonly page: Page) {}

  heading = () => this.page.getByRole('heading', { level: 1 })
  details = () => this.page.locator('dl')
  allowButton = () => this.page.getByRole('button', { name: 'Allow' })
  denyButton = () => this.page.getByRole('button', { name: 'Deny' })

  async loaded() {
    await expect(this.heading()).toContainText('to use Quayside as you?')
  }

  async allow() {
    await this.allowButton().click()
  }
}
