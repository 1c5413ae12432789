import { expect, type Page, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './pages/accessibility'
import { demoShipments } from './pages/demo-data'

const unique = () => Date.now().toString(36).slice(-5)

async function createEnumField(page: Page, name: string) {
  await page.goto('/settings/custom-fields')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Custom fields')
  await page.getByRole('link', { name: 'New field' }).click()
  await page.getByLabel('Name', { exact: true }).fill(name)
  await expect(page.getByLabel('API slug')).toHaveValue(name.toLowerCase().replaceAll(' ', '_'))
  await page.getByLabel('Applies to').selectOption('Shipment')
  await page.getByLabel('Type').selectOption('enum')
  await expect(page.getByLabel('Shown as')).toHaveCount(0)
  await page.getByRole('button', { name: 'Create field' }).click()
  await expect(page.getByRole('heading', { name: `Edit ${name}` })).toBeVisible()
  for (const option of ['East', 'West', 'North']) {
    await page.getByLabel('New option').fill(option)
    await page.getByRole('button', { name: 'Add option' }).click()
    await expect(page.getByLabel(/^Label of option/)).toHaveCount(
      ['East', 'West', 'North'].indexOf(option) + 1,
    )
  }
}

const optionLabels = (page: Page) =>
  page
    .locator('.option-list li input[aria-label^="Label of option"]')
    .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value))

test('an enum field is defined with three options, reordered by keyboard, and set on a shipment', async ({
  page,
}) => {
  const name = `Lane ${unique()}`
  await createEnumField(page, name)
  await expect.poll(() => optionLabels(page)).toEqual(['East', 'West', 'North'])

  // keyboard: the handle of North, Alt+Up twice
  const handle = page.getByRole('button', { name: /^Move North: position 3 of 3/ })
  await handle.focus()
  await page.keyboard.press('Alt+ArrowUp')
  await expect.poll(() => optionLabels(page)).toEqual(['East', 'North', 'West'])
  await expect(page.getByRole('button', { name: /^Move North: position 2 of 3/ })).toBeFocused()
  await page.keyboard.press('Alt+ArrowUp')
  await expect.poll(() => optionLabels(page)).toEqual(['North', 'East', 'West'])
  // by drag as well
  await page.locator('.option-list li').nth(2).dragTo(page.locator('.option-list li').nth(0))
  await expect.poll(() => optionLabels(page)).toEqual(['West', 'North', 'East'])

  const [shipment] = (await demoShipments(page.request, 'page[size]=1')).data
  await page.goto(`/shipments/${shipment.id}`)
  const fields = page.getByRole('region', { name: 'Fields' })
  const lane = fields.getByLabel(name)
  await expect(lane.locator('option')).toHaveText(['Not set', 'West', 'North', 'East'])
  await lane.selectOption('north')
  await expect(page.getByText(`${name} saved.`)).toBeVisible()
  await page.reload()
  await expect(page.getByRole('region', { name: 'Fields' }).getByLabel(name)).toHaveValue('north')
  // a closed history loads nothing, so the settled page says nothing is busy (it kept saying so)
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
  await fields.getByText('History').first().click()
  await expect(fields.getByText(/Set to North by/)).toBeVisible()

  // the value counts on the definitions list, and its slug is now fixed
  await page.goto('/settings/custom-fields')
  const row = page.getByRole('row', { name: new RegExp(name) })
  await expect(row.getByRole('cell').nth(4)).toHaveText('1')
  await row.getByRole('link', { name }).click()
  await expect(page.getByLabel('API slug')).toHaveAttribute('readonly', '')
  await expect(page.getByText(/Fixed: 1 value use/)).toBeVisible()
})

test('a value the service refuses lands on its field in words and is rolled back', async ({ page }) => {
  const name = `Pallets ${unique()}`
  await page.goto('/settings/custom-fields?edit=new')
  await page.getByLabel('Name', { exact: true }).fill(name)
  await page.getByLabel('Type').selectOption('number')
  // a number has a format and limits; a text its lengths; a date neither limits nor options
  await page.getByLabel('Shown as').selectOption('integer')
  await expect(page.getByLabel('Smallest value')).toBeVisible()
  await page.getByRole('button', { name: 'Create field' }).click()
  await expect(page.getByRole('heading', { name: `Edit ${name}` })).toBeVisible()
  const [shipment] = (await demoShipments(page.request, 'page[size]=1')).data
  await page.goto(`/shipments/${shipment.id}`)
  const input = page.getByRole('region', { name: 'Fields' }).getByLabel(name)
  await input.fill('12')
  await input.press('Enter')
  await expect(page.getByText(`${name} saved.`)).toBeVisible()
  await input.fill('12.5')
  await input.press('Enter')
  await expect(input).toHaveAttribute('aria-invalid', 'true')
  await expect(page.locator(`#${await input.getAttribute('id')}-error`)).toHaveText(
    `${name} takes a whole number, such as 42`,
  )
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
  await page.goto(`/shipments/${shipment.id}`)
  const fields = page.getByRole('region', { name: 'Fields' })
  const input = fields.getByLabel(slug)
  await input.fill('12')
  await input.press('Enter')
  await expect(page.getByText(`${slug} saved.`)).toBeVisible()
  // read back with its version: its history is offered once the saved value is loaded
  await expect(fields.locator('.field-row').filter({ hasText: slug }).getByText('History')).toBeVisible()
  const theirs = await page.request.patch(`/v2/shipments/${shipment.id}/custom_fields/${slug}`, {
    headers: other,
    data: { data: { type: 'custom_field', attributes: { value: 20 } } },
  })
  expect(theirs.status()).toBe(200)
  await input.fill('15')
  await input.press('Enter')
  await expect(page.locator(`#${await input.getAttribute('id')}-error`)).toHaveText(
    'Someone else changed this field meanwhile; their value is shown now. Check it and save again.',
  )
  await expect(input).toHaveValue('20')
})

test('a definition is deleted only by typing its name', async ({ page }) => {
  const name = `Doomed ${unique()}`
  await createEnumField(page, name)
  await page.getByLabel('Field name').fill('wrong')
  await page.getByRole('button', { name: 'Delete field' }).click()
  await expect(page.getByRole('alert')).toContainText(`Type ${name} exactly`)
  await page.getByLabel('Field name').fill(name)
  await page.getByRole('button', { name: 'Delete field' }).click()
  await expect(page.getByText(`${name} deleted.`)).toBeVisible()
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0)
})

test('the custom fields page passes axe and works by keyboard alone', async ({ page }) => {
  await page.goto('/settings/custom-fields')
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
  await expectNoSeriousA11yViolations(page)
  // Tab to New field and open it with Enter
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab')
    if (await page.getByRole('link', { name: 'New field' }).evaluate((el) => el === document.activeElement))
      break
  }
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'New field' })).toBeVisible()
  await page.getByLabel('Name', { exact: true }).focus()
  await page.keyboard.type('Broker')
  await expect(page.getByLabel('API slug')).toHaveValue('broker')
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
  await page.goto('/tracking-requests/new')
  // the simulated carrier finds this number at the first lookup
  await page.getByLabel('Number', { exact: true }).fill('MEDU730000020')
  await page.getByLabel('Carrier').fill('MSCU')
  const fields = page.getByRole('group', { name: 'Custom fields (optional)' })
  const broker = fields.getByLabel('Customs broker')
  await broker.fill('Carried Over Customs')
  await broker.press('Tab')
  await fields.getByLabel('Priority').selectOption('high')
  await page.getByRole('button', { name: 'Start tracking' }).click()
  await expect(page).toHaveURL(/\/tracking-requests\/[0-9a-f-]{36}$/)
  const progress = page.getByRole('region', { name: 'Progress' })
  await expect(progress).toContainText('Tracking', { timeout: 45_000 })
  await progress.getByRole('link', { name: /Open the shipment/ }).click()
  const panel = page.getByRole('region', { name: 'Fields' })
  await expect(panel.getByLabel('Customs broker')).toHaveValue('Carried Over Customs')
  await expect(panel.getByLabel('Priority')).toHaveValue('high')
})
