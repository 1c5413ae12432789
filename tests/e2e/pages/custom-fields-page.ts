import { expect, type Page } from '@playwright/test'

/** Settings → Custom fields: the definitions, and the editor of one (its options, its deletion). */
export class CustomFieldsPage {
  constructor(readonly page: Page) {}

  heading = () => this.page.getByRole('heading', { level: 1 })
  newField = () => this.page.getByRole('link', { name: 'New field' })
  name = () => this.page.getByLabel('Name', { exact: true })
  slug = () => this.page.getByLabel('API slug')
  type = () => this.page.getByLabel('Type')
  shownAs = () => this.page.getByLabel('Shown as')
  optionLabelInputs = () => this.page.getByLabel(/^Label of option/)
  optionRows = () => this.page.locator('.option-list li')
  moveHandle = (option: string, position: string) =>
    this.page.getByRole('button', { name: new RegExp(`^Move ${option}: position ${position}`) })
  row = (name: string) => this.page.getByRole('row', { name: new RegExp(name) })
  editing = (name: string) => this.page.getByRole('heading', { name: `Edit ${name}` })

  async open(query = '') {
    await this.page.goto(`/settings/custom-fields${query}`)
  }

  /** The options' labels, in their order. */
  optionLabels = () =>
    this.page
      .locator('.option-list li input[aria-label^="Label of option"]')
      .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value))

  create = () => this.page.getByRole('button', { name: 'Create field' }).click()

  /** A shipment field of the type, created, its editor open. */
  async createShipmentField(name: string, type: string) {
    await this.open()
    await expect(this.heading()).toHaveText('Custom fields')
    await this.newField().click()
    await this.name().fill(name)
    await expect(this.slug()).toHaveValue(name.toLowerCase().replaceAll(' ', '_'))
    await this.page.getByLabel('Applies to').selectOption('Shipment')
    await this.type().selectOption(type)
  }

  async addOption(label: string) {
    const before = await this.optionLabelInputs().count()
    await this.page.getByLabel('New option').fill(label)
    await this.page.getByRole('button', { name: 'Add option' }).click()
    await expect(this.optionLabelInputs()).toHaveCount(before + 1)
  }

  /** Deletes the field being edited, confirmed by typing `typed` as its name. */
  async deleteAs(typed: string) {
    await this.page.getByLabel('Field name').fill(typed)
    await this.page.getByRole('button', { name: 'Delete field' }).click()
  }
}
