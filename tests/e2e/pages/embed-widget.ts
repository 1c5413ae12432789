import type { FrameLocator, Locator, Page } from '@playwright/test'

/** The tracking widget as a customer's visitor sees it: on the host page, in a frame, or as a preview. */
export class EmbedWidget {
  readonly element: Locator

  constructor(
    readonly page: Page,
    within: Page | FrameLocator = page,
  ) {
    this.element = within.locator('quayside-tracking')
  }

  /** What the host page heard from the widget (its events, and the frame's height messages). */
  events = () => this.page.locator('#events')
  shipments = () => this.element.getByRole('heading', { level: 2 })
  shipment = (number: string) => this.element.getByRole('heading', { name: new RegExp(number) })
  root = () => this.element.locator('section.widget')
  alert = () => this.element.getByRole('alert')
  status = () => this.element.getByRole('status')
  timelineToggle = () => this.element.getByRole('button', { name: /^Show timeline of/ }).first()
  numberInput = () => this.element.getByLabel('Enter a bill of lading or container number to track.')

  /** Types a number into a track-by-number widget and sends it. */
  async track(number: string) {
    await this.numberInput().fill(number)
    await this.numberInput().press('Enter')
  }
}
