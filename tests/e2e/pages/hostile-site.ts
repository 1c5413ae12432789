import { expect, type Page } from '@playwright/test'

/** A page on another origin that tries to write through the visitor's session and reports what got through. */
export class HostileSite {
  constructor(readonly page: Page) {}

  report = () => this.page.locator('#report')

  /** Visits it and waits until it has tried both of its requests, then gives its report. */
  async visit(url: string) {
    await this.page.goto(url)
    await expect(this.report()).toContainText('simple:', { timeout: 15_000 })
    return (await this.report().textContent()) ?? ''
  }
}
