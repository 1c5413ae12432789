import type { Page } from '@playwright/test'

/** One shipment: its heading, its route, and tracking with the carrier (stop or resume). */
export class ShipmentPage {
  constructor(readonly page: Page) {}

  heading = () => this.page.getByRole('heading', { level: 1 })
  route = () => this.page.getByRole('region', { name: 'Route' })
  tracking = () => this.page.getByRole('region', { name: 'Tracking with the carrier' })
  trackingButton = () => this.tracking().getByRole('button', { name: /tracking/ })
  trackingNote = () => this.tracking().getByRole('note')
}
