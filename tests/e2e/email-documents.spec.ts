import { expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './pages/accessibility'
import { ContainerPage } from './pages/container-page'
import { ShipmentsPage } from './pages/shipments-page'

test('read an emailed arrival notice, see its last free day marked in the PDF, correct it and find it on the container', async ({
  page,
}) => {
  test.setTimeout(120_000)
  // the inbox is in the main navigation and a shortcut away (g then e)
  await page.goto('/shipments')
  await expect(page.getByRole('heading', { level: 1, name: 'Shipments' })).toBeVisible()
  // g then e must come within 1.5 s: pressed while the list still renders, one core missed it
  await new ShipmentsPage(page).loaded()
  await page.keyboard.press('g')
  await page.keyboard.press('e')
  await expect(page).toHaveURL(/\/email$/)
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Email' }),
  ).toHaveAttribute('aria-current', 'page')
  await expect(page.getByRole('heading', { level: 1, name: 'Email' })).toBeVisible()
  await expect(page.getByText('harbor-freight-demo-co@quayside.localhost')).toBeVisible()
  const inbox = page.getByRole('table', { name: 'Inbound email' })
  // the demo's mail is read shortly after the server starts
  await expect(inbox.getByText(/^✓\s*(Read|All \d+ read)$/).first()).toBeVisible({ timeout: 60_000 })
  await expectNoSeriousA11yViolations(page)

  // search is kept in the URL
  await page.getByLabel('Search email').fill('documents for')
  await page.getByRole('button', { name: 'Apply filters' }).click()
  await expect(page).toHaveURL(/q=documents\+for/)
  const first = inbox.getByRole('link', { name: /: documents for / }).first()
  const subject = (await first.textContent()) ?? ''
  await first.click()

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(subject)
  await expect(
    page
      .getByText('Documentation <documentation@')
      .or(page.getByText(/documentation@/))
      .first(),
  ).toBeVisible()
  const frame = page.frameLocator('iframe[title="Email message"]')
  await expect(frame.getByText('Please find attached the documents')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Show remote images' })).toBeVisible()
  await expectNoSeriousA11yViolations(page, { exclude: ['.email-frame'] })

  await page
    .getByRole('link', { name: /^arrival-notice-/ })
    .first()
    .click()
  await expect(page.getByRole('heading', { level: 1 })).toContainText('arrival-notice-')
  await expect(page.getByText('Arrival notice', { exact: false }).first()).toBeVisible()
  await expect(page.getByRole('img', { name: /^Page 1 of / })).toBeVisible()

  const lfd = page.getByLabel('Last free day')
  const read = await lfd.inputValue()
  expect(read).toMatch(/^\d{4}-\d{2}-\d{2}$/)
  await lfd.focus()
  await expect(page).toHaveURL(/at=last_free_day/)
  await expect(page.getByTestId('pdf-highlight').first()).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'Marked on page 1' })).toBeVisible()
  await page.screenshot({ path: test.info().outputPath('marked.png') })
  await expectNoSeriousA11yViolations(page)

  // correct it by hand and save
  const corrected = '2027-01-15'
  await lfd.fill(corrected)
  await page.getByRole('button', { name: 'Save corrections' }).click()
  await expect(page.getByText('Corrections saved.')).toBeVisible()
  await expect(page.getByText(`Corrected by a person; read as ${read}`)).toBeVisible()
  await expect(page.getByLabel('Last free day')).toHaveValue(corrected)

  // the correction survives reading the document again
  await page.getByRole('button', { name: 'Read again', exact: true }).click()
  await expect(page.getByRole('status').filter({ hasText: /Waiting to be read|Being read/ })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: /✓\s*Read/ })).toBeVisible({ timeout: 30_000 })
  await expect(page.getByLabel('Last free day')).toHaveValue(corrected)

  // the container it names lists it
  const documentTitle = (await page.getByRole('heading', { level: 1 }).textContent()) ?? ''
  await page
    .getByRole('link', { name: /^Container / })
    .first()
    .click()
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Container')
  // the corrected day is the one the container uses now, and the page says whose it is and why it counts
  const lastFreeDay = new ContainerPage(page).lastFreeDay()
  await expect(lastFreeDay).toContainText(`Corrected by a person (API key`)
  await expect(lastFreeDay).toContainText('and it counts: a person corrected it')
  await expect(
    lastFreeDay
      .getByRole('row', { name: /A person's correction/ })
      .getByRole('cell')
      .first(),
  ).toHaveText('Jan 15, 2027')
  await expect(lastFreeDay.getByRole('row', { name: /A person's correction/ })).toContainText('✔ Counts')
  const documents = page.getByRole('region', { name: 'Documents' })
  await expect(documents.getByRole('link', { name: documentTitle })).toBeVisible()
  await documents.getByRole('link', { name: documentTitle }).click()
  await expect(page.getByLabel('Last free day')).toHaveValue(corrected)
})

test('an inbox filter that matches nothing says so and how to clear it; phones get cards', async ({
  page,
}) => {
  await page.goto('/email?reading=failed&q=no-such-email-anywhere')
  await expect(page.getByRole('heading', { name: 'No email matches' })).toBeVisible()
  await page.getByRole('button', { name: 'Clear filters' }).click()
  await expect(page).not.toHaveURL(/reading=|q=/)
  await page.setViewportSize({ width: 390, height: 800 })
  const table = page.getByRole('table', { name: 'Inbound email' })
  await expect(table.getByRole('link').first()).toBeVisible()
  // on a phone each email is a card: the header row is not shown
  await expect(table.locator('thead')).toBeHidden()
})

test('an email or document that does not exist is a readable 404, not a blank page', async ({ page }) => {
  await page.goto('/email/00000000-0000-4000-8000-000000000000')
  await expect(page.getByRole('alert')).toContainText('Not found')
  await page.goto('/documents/00000000-0000-4000-8000-000000000000')
  await expect(page.getByRole('alert')).toContainText('Not found')
})

test('the inbox, an email and a document pass axe in light and dark mode', async ({ page }) => {
  await page.request.get('/session') // signs this browser context in before it reads the API
  const submissions = await (
    await page.request.get('/v2/email_submissions?q=documents%20for&page[size]=1&include=documents')
  ).json()
  const submission = submissions.data[0]
  const documentId = submission.relationships.documents.data[0].id
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    for (const path of [
      '/email',
      `/email/${submission.id}`,
      `/documents/${documentId}?at=bill_of_lading_number`,
    ]) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
      await expectNoSeriousA11yViolations(page, { exclude: ['.email-frame'] })
    }
  }
})

test('unlink a container from a document and link it again by searching its number', async ({ page }) => {
  await page.request.get('/session') // signs this browser context in before it reads the API
  const response = await page.request.get('/v2/documents?page[size]=100&include=cargos')
  const list = await response.json()
  expect(response.status(), JSON.stringify(list)).toBe(200)
  const document = list.data.find(
    (d: { relationships?: { cargos?: { data?: unknown[] } } }) =>
      (d.relationships?.cargos?.data?.length ?? 0) > 0,
  )
  await page.goto(`/documents/${document.id}`)
  const links = page.getByRole('region', { name: 'Linked to' })
  const first = links.getByRole('link', { name: /^Container / }).first()
  const label = (await first.textContent()) ?? ''
  const number = label.replace('Container ', '')
  await links.getByRole('button', { name: `Unlink ${label}` }).click()
  await expect(page.getByText(/^Links saved:/)).toBeVisible()
  await expect(links.getByRole('link', { name: label })).toHaveCount(0)

  await links.getByLabel('Link to a shipment or container').fill(number)
  await links.getByRole('button', { name: 'Find' }).click()
  await links.getByRole('button', { name: `Link container ${number}` }).click()
  await expect(links.getByRole('link', { name: label })).toBeVisible()
})
