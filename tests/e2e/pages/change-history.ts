import type { Page } from '@playwright/test'

/** The Change history section of a shipment or container page, newest first. */
export class ChangeHistory {
  constructor(readonly page: Page) {}

  region = () => this.page.getByRole('region', { name: 'Change history' })
  entries = () => this.region().getByRole('list').first().locator(':scope > li')
  newest = () => this.entries().first()
  empty = () => this.region().getByText('No changes recorded yet')
}
