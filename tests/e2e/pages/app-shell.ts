import type { Page } from '@playwright/test'

export class AppShell {
  constructor(readonly page: Page) {}

  goToBox = () => this.page.getByLabel('Go to a container, bill of lading or reference')

  /** Presses a keyboard shortcut's two keys, g then another. */
  async shortcut(key: string) {
    await this.page.keyboard.press('g')
    await this.page.keyboard.press(key)
  }

  async goTo(number: string) {
    await this.goToBox().fill(number)
    await this.goToBox().press('Enter')
  }

  /** What a connected Quayside says of its upstream: where, and when it last heard from it. */
  freshness = () => this.page.getByRole('status').filter({ hasText: 'Connected to' })

  /** What the page says cannot be done, and why (a read-only demo, say). */
  note = () => this.page.getByRole('note')
  menu = () => this.page.getByRole('button', { name: 'Menu' })
  heading = () => this.page.getByRole('heading', { level: 1 })
  skipLink = () => this.page.getByRole('link', { name: 'Skip to content' })
  main = () => this.page.locator('main')
  header = () => this.page.locator('header.app-header')
  /** Anything still loading: a page is settled when this is none. */
  busy = () => this.page.locator('[aria-busy="true"]')
  offline = () => this.page.getByText('You are offline.')

  mainNav = () => this.page.getByRole('navigation', { name: 'Main' })
  nav = (name: string) => this.mainNav().getByRole('link', { name })
}
