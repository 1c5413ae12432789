import { expect, type Page, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './pages/accessibility'
import { AppShell } from './pages/app-shell'
import { CustomFieldsPage } from './pages/custom-fields-page'
import { demoShipments } from './pages/demo-data'
import { FieldsPanel } from './pages/fields-panel'
import { TrackShipmentForm } from './pages/track-shipment-form'
import { TrackingRequestPage } from './pages/tracking-request-page'

const unique = () => Date.now().toString(36).slice(-5)

/** An enum field on shipments with the options East, West and North, its editor open. */
async function createEnumField(page: Page, name: string) {
  const settings = new CustomFieldsPage(page)
  await settings.createShipmentField(name, 'enum')
  await expect(settings.shownAs()).toHaveCount(0)
  await settings.create()
  await expect(settings.editing(name)).toBeVisible()
  for (const option of ['East', 'West', 'North']) await settings.addOption(option)
  return settings
}

test('an enum field is defined with three options, reordered by keyboard, and set on a shipment', async ({
  page,
}) => {
  const name = `Lane ${unique()}`
  const settings = await createEnumField(page, name)
  await expect.poll(settings.optionLabels).toEqual(['East', 'West', 'North'])

  // keyboard: the handle of North, Alt+Up twice
  await settings.moveHandle('North', '3 of 3').focus()
  await page.keyboard.press('Alt+ArrowUp')
  await expect.poll(settings.optionLabels).toEqual(['East', 'North', 'West'])
  await expect(settings.moveHandle('North', '2 of 3')).toBeFocused()
  await page.keyboard.press('Alt+ArrowUp')
  await expect.poll(settings.optionLabels).toEqual(['North', 'East', 'West'])
  // by drag as well
  await settings.optionRows().nth(2).dragTo(settings.optionRows().nth(0))
  await expect.poll(settings.optionLabels).toEqual(['West', 'North', 'East'])

  const [shipment] = (await demoShipments(page.request, 'page[size]=1')).data
  const fields = new FieldsPanel(page)
  await fields.openShipment(shipment.id)
  const lane = fields.field(name)
  await expect(lane.locator('option')).toHaveText(['Not set', 'West', 'North', 'East'])
  await lane.selectOption('north')
  await expect(fields.saved(name)).toBeVisible()
  await page.reload()
  await expect(fields.field(name)).toHaveValue('north')
  // a closed history loads nothing, so the settled page says nothing is busy (it kept saying so)
  await expect(new AppShell(page).busy()).toHaveCount(0)
  // the field's own history: journeys share the newest shipment, and another may have set a field on it
  await fields.history(name).click()
  await expect(fields.region().getByText(/Set to North by/)).toBeVisible()

  // the value counts on the definitions list, and its slug is now fixed
  await settings.open()
  const row = settings.row(name)
  await expect(row.getByRole('cell').nth(4)).toHaveText('1')
  await row.getByRole('link', { name }).click()
  await expect(settings.slug()).toHaveAttribute('readonly', '')
  await expect(page.getByText(/Fixed: 1 value use/)).toBeVisible()
})

test('a value the service refuses lands on its field in words and is rolled back', async ({ page }) => {
  const name = `Pallets ${unique()}`
  const settings = new CustomFieldsPage(page)
  await settings.open('?edit=new')
  await settings.name().fill(name)
  await settings.type().selectOption('number')
  // a number has a format and limits; a text its lengths; a date neither limits nor options
  await settings.shownAs().selectOption('integer')
  await expect(page.getByLabel('Smallest value')).toBeVisible()
  await settings.create()
  await expect(settings.editing(name)).toBeVisible()
  const [shipment] = (await demoShipments(page.request, 'page[size]=1')).data
  const fields = new FieldsPanel(page)
  await fields.openShipment(shipment.id)
  const input = fields.field(name)
  await fields.enter(name, '12')
  await expect(fields.saved(name)).toBeVisible()
  await fields.enter(name, '12.5')
  await expect(input).toHaveAttribute('aria-invalid', 'true')
  await expect(await fields.problemOf(name)).toHaveText(`${name} takes a whole number, such as 42`)
  await expect(page.getByText(`${name} was not saved`)).toBeVisible()
  await expect(input).toHaveValue('12')
  // Escape puts back the saved value
  await input.fill('99')
  await input.press('Escape')
  await expect(input).toHaveValue('12')
})

test('a value someone else changed meanwhile is not overwritten: the field says so and shows theirs', async ({
  page,
}) => {
  const slug = `crates_${unique()}`
  // another client, with the demo key
  const other = { Authorization: 'Token e2e-demo-key-0000000000', 'Content-Type': 'application/vnd.api+json' }
  const defined = await page.request.post('/v2/custom_field_definitions', {
    headers: other,
    data: {
      data: {
        type: 'custom_field_definition',
        attributes: { entity_type: 'Shipment', api_slug: slug, display_name: slug, data_type: 'number' },
      },
    },
  })
  expect(defined.status()).toBe(201)
  const [shipment] = (await demoShipments(page.request, 'page[size]=1')).data
  const fields = new FieldsPanel(page)
  await fields.openShipment(shipment.id)
  const input = fields.field(slug)
  await fields.enter(slug, '12')
  await expect(fields.saved(slug)).toBeVisible()
  // read back with its version: its history is offered once the saved value is loaded
  await expect(fields.history(slug)).toBeVisible()
  const theirs = await page.request.patch(`/v2/shipments/${shipment.id}/custom_fields/${slug}`, {
    headers: other,
    data: { data: { type: 'custom_field', attributes: { value: 20 } } },
  })
  expect(theirs.status()).toBe(200)
  await fields.enter(slug, '15')
  await expect(await fields.problemOf(slug)).toHaveText(
    'Someone else changed this field meanwhile; their value is shown now. Check it and save again.',
  )
  await expect(input).toHaveValue('20')
})

test('a definition is deleted only by typing its name', async ({ page }) => {
  const name = `Doomed ${unique()}`
  const settings = await createEnumField(page, name)
  await settings.deleteAs('wrong')
  await expect(page.getByRole('alert')).toContainText(`Type ${name} exactly`)
  await settings.deleteAs(name)
  await expect(page.getByText(`${name} deleted.`)).toBeVisible()
  await expect(settings.row(name)).toHaveCount(0)
})

test('the custom fields page passes axe and works by keyboard alone', async ({ page }) => {
  const settings = new CustomFieldsPage(page)
  await settings.open()
  await expect(new AppShell(page).busy()).toHaveCount(0)
  await expectNoSeriousA11yViolations(page)
  // Tab to New field and open it with Enter
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab')
    if (await settings.newField().evaluate((el) => el === document.activeElement)) break
  }
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'New field' })).toBeVisible()
  await settings.name().focus()
  await page.keyboard.type('Broker')
  await expect(settings.slug()).toHaveValue('broker')
  await expectNoSeriousA11yViolations(page)
})

test('a custom field is a column of the shipments list, sorted, filtered, and set on five shipments at once', async ({
  page,
}) => {
  const name = `Route ${unique()}`
  await createEnumField(page, name)
  const list = page.getByRole('table', { name: 'Shipments' })
  await page.goto('/shipments')
  await expect(page.getByText(/Showing \d+ of \d+ shipments/)).toBeVisible()
  await page.getByText('Columns', { exact: true }).click()
  await page.getByRole('checkbox', { name }).check()
  await expect(list.getByRole('columnheader', { name: new RegExp(`^${name}`) })).toBeVisible()

  // five shipments selected, one field set on all of them, with progress
  await page.getByRole('button', { name: 'Set a field on several shipments' }).click()
  const boxes = list.locator('tbody').getByRole('checkbox')
  for (let i = 0; i < 5; i++) await boxes.nth(i).check()
  const bulk = page.getByRole('region', { name: 'Set a field on several shipments' })
  await expect(bulk.getByText('5 shipments selected.')).toBeVisible()
  await bulk.getByLabel('Field').selectOption({ label: name })
  await bulk.getByLabel('Value').selectOption('west')
  await bulk.getByRole('button', { name: 'Set on 5' }).click()
  await expect(page.getByText(`${name} set on 5 shipments.`)).toBeVisible()
  const column = async () => {
    const header = list.getByRole('columnheader')
    const names = await header.allTextContents()
    const index = names.findIndex((n) => n.startsWith(name))
    return list
      .locator('tbody tr')
      .locator(`td:nth-child(${index + 1})`)
      .allTextContents()
  }
  await expect.poll(async () => (await column()).filter((t) => t === 'West').length).toBe(5)

  // filtered by it: only those five, and the filter is in the URL
  await page.getByLabel('Custom field', { exact: true }).selectOption({ label: name })
  await page.getByLabel(`${name} is any of`).selectOption('west')
  await page.getByRole('button', { name: 'Filter', exact: true }).click()
  await expect(page).toHaveURL(/cf\.route_[a-z0-9]+=west/)
  await expect(page.getByText('Showing 5 of 5 shipments')).toBeVisible()
  await expect.poll(column).toEqual(['West', 'West', 'West', 'West', 'West'])
  await page.reload()
  await expect(page.getByText('Showing 5 of 5 shipments')).toBeVisible()

  // sorted by it, those with a value first
  await page
    .getByRole('button', { name: `${name}: remove this filter`.replace(': remove', ': west  (remove') })
    .or(page.getByRole('button', { name: new RegExp(`^${name}: west`) }))
    .click()
  await list
    .getByRole('columnheader', { name: new RegExp(`^${name}`) })
    .getByRole('button')
    .click()
  await expect(page).toHaveURL(/sort=custom_fields\.route_/)
  await expect
    .poll(async () => (await column()).slice(0, 5))
    .toEqual(['West', 'West', 'West', 'West', 'West'])
})

test('the Track a shipment form sets custom fields that carry over to the shipment', async ({ page }) => {
  const form = new TrackShipmentForm(page)
  await form.open()
  // the simulated carrier finds this number at the first lookup
  await form.number().fill('MEDU730000020')
  await form.carrier().fill('MSCU')
  const broker = form.customField('Customs broker')
  await broker.fill('Carried Over Customs')
  await broker.press('Tab')
  await form.customField('Priority').selectOption('high')
  await form.submit()
  const request = new TrackingRequestPage(page)
  await request.opened()
  await expect(request.progress()).toContainText('Tracking', { timeout: 45_000 })
  await request.openShipment()
  const panel = new FieldsPanel(page)
  await expect(panel.field('Customs broker')).toHaveValue('Carried Over Customs')
  await expect(panel.field('Priority')).toHaveValue('high')
})
