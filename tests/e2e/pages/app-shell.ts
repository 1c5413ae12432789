import type { Page } from '@playwright/test'

export class AppShell {
  constructor(readonly page: Page) {}

  goToBox = () => this.page.getByLabel('Go to a container, bill of lading or reference')

  async goTo(number: string) {
    await this.goToBox().fill(number)
    await this.goToBox().press('Enter')
  }

  nav = (name: string) => this.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name })
}
