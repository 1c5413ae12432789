import { expect, type Page } from '@playwright/test'

/** Settings → Connection: the connect form and the table of connected accounts. */
export class ConnectionPage {
  constructor(readonly page: Page) {}

  heading = () => this.page.getByRole('heading', { level: 1, name: 'Connection' })
  apiKey = () => this.page.getByLabel('API key', { exact: true })
  address = () => this.page.getByLabel('Upstream address')
  table = () => this.page.getByRole('table', { name: /^Connected accounts/ })
  nothingConnected = () => this.page.getByText('No accounts connected yet')
  row = (name: string) => this.table().locator('tbody tr').filter({ hasText: name })

  async openFromSettings() {
    await this.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click()
    await this.page.getByRole('link', { name: 'Connect a Terminal49 account' }).click()
    await expect(this.heading()).toBeVisible()
  }

  /** Fills the form by keyboard alone and sends it with Enter. */
  async connect(key: string, address: string) {
    await this.apiKey().focus()
    await this.page.keyboard.type(key)
    await this.page.keyboard.press('Tab')
    await expect(this.address()).toBeFocused()
    await this.page.keyboard.press('ControlOrMeta+a')
    await this.page.keyboard.type(address)
    await this.page.keyboard.press('Enter')
  }
}
