import { expect, type Page } from '@playwright/test'

/** Settings → Alerts: the rules in words, and the form that makes and changes one. */
export class AlertRulesPage {
  constructor(readonly page: Page) {}

  heading = () => this.page.getByRole('heading', { level: 1, name: 'Alert rules' })
  table = () => this.page.getByRole('table', { name: 'Alert rules' })
  row = (name: string) => this.table().getByRole('row').filter({ hasText: name })
  newButton = () => this.page.getByRole('button', { name: 'New alert rule' })
  name = () => this.page.getByLabel('Name', { exact: true })
  condition = () => this.page.getByLabel('Condition', { exact: true })
  days = () => this.page.getByLabel('Days (N)')
  scope = () => this.page.getByLabel('Which containers')
  customer = () => this.page.getByLabel('Customer', { exact: true })
  channel = (label: RegExp | string) => this.page.getByRole('group', { name: 'Channels' }).getByLabel(label)
  person = (name: RegExp | string) =>
    this.page.getByRole('group', { name: 'People of the account' }).getByLabel(name)
  emails = () => this.page.getByLabel('Other email addresses')
  send = () => this.page.getByLabel('Send', { exact: true })
  preview = () => this.page.getByRole('region', { name: 'Preview' })
  create = () => this.page.getByRole('button', { name: 'Create rule' })
  note = () => this.page.getByRole('note')
  empty = () => this.page.getByRole('status').filter({ hasText: 'No alert rules yet' })

  async open() {
    await this.page.goto('/settings/alerts')
    await expect(this.heading()).toBeVisible()
  }

  /** "Last free day within N days, not picked up", for one customer, to the people and channels given. */
  async createLfdRule(rule: { name: string; days: number; customer: string; channels: RegExp[] }) {
    await this.newButton().click()
    await this.name().fill(rule.name)
    await this.condition().selectOption({ label: 'Last free day within N days, not picked up' })
    await this.days().fill(String(rule.days))
    await this.scope().selectOption({ label: 'One customer' })
    await expect(this.customer().locator('option')).not.toHaveCount(1)
    await this.customer().selectOption({ label: rule.customer })
    for (const channel of [/In the app/, /Email/, /Chat webhook/, /Your webhooks/]) {
      const box = this.channel(channel)
      if (rule.channels.some((c) => c.source === channel.source)) await box.check()
      else await box.uncheck()
    }
    await this.send().selectOption({ label: 'At once' })
  }
}

/** The header's bell and its panel of recent alerts. */
export class AlertBell {
  constructor(readonly page: Page) {}

  button = () => this.page.getByRole('button', { name: /Alerts/ })
  panel = () => this.page.getByRole('region', { name: /^Alerts:/ })
  alert = (title: string | RegExp) => this.panel().getByRole('link', { name: title })
  markAllRead = () => this.panel().getByRole('button', { name: 'Mark all read' })

  /** The unread count the button says, 0 when it says none. */
  async count() {
    const text = (await this.button().textContent()) ?? ''
    return Number(text.match(/(\d+)\s*unread/)?.[1] ?? 0)
  }
}

/** /alerts: every alert, or only the unread ones. */
export class AlertsListPage {
  constructor(readonly page: Page) {}

  heading = () => this.page.getByRole('heading', { level: 1, name: 'Alerts' })
  table = () => this.page.getByRole('table', { name: 'Alerts' })
  onlyUnread = () => this.page.getByLabel('Only unread')

  async open(query = '') {
    await this.page.goto(`/alerts${query}`)
    await expect(this.heading()).toBeVisible()
  }
}
