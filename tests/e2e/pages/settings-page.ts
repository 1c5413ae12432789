import { expect, type Page } from '@playwright/test'
import { AppShell } from './app-shell'

/** Settings: the time zone times are shown in, and what the account is connected to. */
export class SettingsPage {
  constructor(readonly page: Page) {}

  heading = () => this.page.getByRole('heading', { level: 1, name: 'Settings' })
  timeZone = (name: RegExp) => this.page.getByRole('radio', { name })

  async openFromNav() {
    await new AppShell(this.page).nav('Settings').click()
    await expect(this.heading()).toBeVisible()
  }

  /** Shows every time in the viewer's own zone, named as the browser knows it. */
  useMyTimeZone = (zone: RegExp) => this.timeZone(zone).check()
}
