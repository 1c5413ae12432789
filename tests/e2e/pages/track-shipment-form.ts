import { expect, type Page } from '@playwright/test'

export class TrackShipmentForm {
  constructor(readonly page: Page) {}

  async open(base = '') {
    await this.page.goto(`${base}/tracking-requests/new`)
    await expect(this.page.getByRole('heading', { name: 'Track a shipment' })).toBeVisible()
  }

  number = () => this.page.getByLabel('Number', { exact: true })
  numberType = () => this.page.getByLabel('Number type')
  carrier = () => this.page.getByLabel('Carrier')
  references = () => this.page.getByLabel('Reference numbers')
  customField = (name: string) =>
    this.page.getByRole('group', { name: 'Custom fields (optional)' }).getByLabel(name)
  detection = () => this.page.locator('.detection')
  submitButton = () => this.page.getByRole('button', { name: 'Start tracking' })

  async detect() {
    await this.page.getByRole('button', { name: 'Detect carrier' }).click()
    await expect(this.detection()).toBeVisible()
  }

  submit = () => this.submitButton().click()

  /** Picks one of the carriers auto-detect offers when it is not sure. */
  chooseCarrier = (name: RegExp) => this.page.getByRole('radio', { name }).check()

  /** Pastes the clipboard into the number, as a person does with the keyboard. */
  async pasteNumber() {
    await this.number().focus()
    await this.page.keyboard.press('Control+V')
  }

  /** Takes the number the form suggests for a wrong check digit. */
  useSuggestedNumber = (number: string) => this.page.getByRole('button', { name: `Use ${number}` }).click()
}
