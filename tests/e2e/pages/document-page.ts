import { expect, type Page } from '@playwright/test'

/** One document: its preview, what was read from it (a form of corrections), and what it is linked to. */
export class DocumentPage {
  constructor(readonly page: Page) {}

  heading = () => this.page.getByRole('heading', { level: 1 })
  field = (label: string) => this.page.getByLabel(label)
  firstPage = () => this.page.getByRole('img', { name: /^Page 1 of / })
  highlight = () => this.page.getByTestId('pdf-highlight').first()
  status = (text: string | RegExp) => this.page.getByRole('status').filter({ hasText: text })
  saveCorrections = () => this.page.getByRole('button', { name: 'Save corrections' })
  readAgain = () => this.page.getByRole('button', { name: 'Read again', exact: true })
  note = (text: string) => this.page.getByRole('note').filter({ hasText: text })
  links = () => this.page.getByRole('region', { name: 'Linked to' })

  async open(id: string, base = '') {
    await this.page.goto(`${base}/documents/${id}`)
    await expect(this.heading()).toBeVisible()
  }

  /** Reads the document again and waits until it has been. */
  async readItAgain() {
    await this.readAgain().click()
    await expect(this.status(/Waiting to be read|Being read/)).toBeVisible()
    await expect(this.status(/✓\s*Read/)).toBeVisible({ timeout: 30_000 })
  }

  openLinkedContainer = () =>
    this.links()
      .getByRole('link', { name: /^Container / })
      .first()
      .click()

  unlink = (label: string) =>
    this.links()
      .getByRole('button', { name: `Unlink ${label}` })
      .click()

  /** Finds a container by its number and links the document to it. */
  async linkContainer(number: string) {
    await this.links().getByLabel('Link to a shipment or container').fill(number)
    await this.links().getByRole('button', { name: 'Find' }).click()
    await this.links()
      .getByRole('button', { name: `Link container ${number}` })
      .click()
  }
}
