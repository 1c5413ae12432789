import { expect, type Page } from '@playwright/test'

export class ContainerPage {
  constructor(readonly page: Page) {}

  heading = () => this.page.getByRole('heading', { level: 1 })
  availability = () => this.page.getByRole('region', { name: 'Availability' })
  holds = () => this.page.getByRole('region', { name: 'Holds' })
  lastFreeDay = () => this.page.getByRole('region', { name: 'Last free day' })
  detention = () => this.page.getByRole('region', { name: 'Empty return and detention' })
  fees = () => this.page.getByRole('table', { name: 'Fees' })
  documents = () => this.page.getByRole('region', { name: 'Documents' })
  timeline = () => this.page.getByRole('region', { name: 'Timeline' })
  carrierEvents = () => this.page.getByRole('button', { name: "Carrier's own events" })
  newestFirst = () => this.page.getByRole('button', { name: 'Newest first' })

  /**
   * Waits until nothing on the page is still loading: the route map, the fields and the documents arrive
   * after the page and push the timeline down, so a click aimed at it before then lands on something else.
   */
  settled = () => expect(this.page.locator('[aria-busy="true"]:visible')).toHaveCount(0)
}
