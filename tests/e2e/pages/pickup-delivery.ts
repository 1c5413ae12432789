import { expect, type Page } from '@playwright/test'

/** The container page's Pickup & delivery panel. */
export class AppointmentsPanel {
  constructor(readonly page: Page) {}

  region = () => this.page.getByRole('region', { name: 'Pickup & delivery' })
  pickup = () => this.region().getByLabel(/^Pickup appointment/)
  pickupSource = () => this.region().locator('#appointment-pickup-source')
  trucker = () => this.region().getByRole('combobox', { name: 'Trucker' })
  link = () => this.region().getByLabel(/^Delivery order link/)

  async setPickup(local: string) {
    await this.pickup().fill(local)
    await this.region().getByRole('button', { name: 'Save appointments' }).click()
    await expect(this.region().getByText('Appointments saved.')).toBeVisible()
  }

  async setTrucker(name: string) {
    await this.trucker().selectOption({ label: name })
    await this.region().getByRole('button', { name: 'Save trucker' }).click()
    await expect(this.region()).toContainText(`Trucker: ${name}`)
  }

  /** The link is shown once, in the answer that made it. */
  async sendLink() {
    await this.region().getByRole('button', { name: 'Send delivery order link' }).click()
    await expect(this.link()).toHaveValue(/\/handoff\/qsh_/)
    return this.link().inputValue()
  }
}

/** /pickups: what is due by appointment today and tomorrow. */
export class PickupsPage {
  constructor(readonly page: Page) {}

  table = () => this.page.getByRole('table', { name: /^Due by appointment/ })
  row = (number: string) => this.table().getByRole('row').filter({ hasText: number })

  async open(query = '') {
    await this.page.goto(`/pickups${query}`)
    await expect(this.page.getByText(/by appointment, in each port's own time/)).toBeVisible()
  }
}

/** The trucker's delivery order page, opened from its link with no session. */
export class HandoffPage {
  constructor(readonly page: Page) {}

  heading = () => this.page.getByRole('heading', { level: 1 })
  container = (number: string) => this.page.getByRole('region', { name: number })
  confirmPickup = (number: string) => this.page.getByRole('button', { name: `Confirm pickup for ${number}` })
  status = () => this.page.getByRole('status')
}
