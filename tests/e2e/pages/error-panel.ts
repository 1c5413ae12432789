import type { Page } from '@playwright/test'

/** The panel a page shows when its data could not be loaded, with Retry. */
export class ErrorPanel {
  constructor(readonly page: Page) {}

  alert = () => this.page.getByRole('alert')
  retryButton = () => this.alert().getByRole('button', { name: 'Retry' })
  retry = () => this.alert().getByRole('button', { name: 'Retry' }).click()
}
