import { expect, type Page } from '@playwright/test'

/** Settings → Customer embeds: the token form and the table of tokens. */
export class EmbedsPage {
  constructor(readonly page: Page) {}

  heading = () => this.page.getByRole('heading', { name: 'Customer embeds' })
  createButton = () => this.page.getByRole('button', { name: 'Create token' })
  tokens = () => this.page.getByRole('table', { name: 'Embed tokens' })

  ready = (name: string) => this.page.getByRole('heading', { name: `“${name}” is ready` })
  newToken = () => this.page.getByLabel('The new token')
  scriptSnippet = () => this.page.getByLabel('For a page that runs scripts')
  frameSnippet = () => this.page.getByLabel('For a page that can only frame')
  row = (name: string) => this.tokens().getByRole('row').filter({ hasText: name })
  uses = (name: string) => this.row(name).getByRole('cell').nth(6)
  revoke = (name: string) =>
    this.row(name)
      .getByRole('button', { name: new RegExp(`^Revoke ${name}`) })
      .click()

  /** Creates a token showing one bill of lading, sharing one more field group, for one site. */
  async createToken(token: { name: string; billOfLading: string; share: string; site: string }) {
    await this.page.getByRole('textbox', { name: 'Name' }).fill(token.name)
    await this.page.getByLabel('Bills of lading').fill(token.billOfLading)
    await this.page.getByLabel(token.share).check()
    await this.page.getByLabel('Sites that may show it').fill(token.site)
    await this.createButton().click()
  }

  async open(base = '') {
    await this.page.goto(`${base}/settings/embeds`)
    await expect(this.heading()).toBeVisible()
  }
}
