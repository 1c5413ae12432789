import { expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './pages/accessibility'
import { AppShell } from './pages/app-shell'
import { ContainerPage } from './pages/container-page'
import { DocumentPage } from './pages/document-page'
import { EmailPage } from './pages/email-page'
import { ErrorPanel } from './pages/error-panel'
import { InboxPage } from './pages/inbox-page'
import { ShipmentsPage } from './pages/shipments-page'

test('read an emailed arrival notice, see its last free day marked in the PDF, correct it and find it on the container', async ({
  page,
}) => {
  test.setTimeout(120_000)
  // the inbox is in the main navigation and a shortcut away (g then e)
  const shell = new AppShell(page)
  const list = new ShipmentsPage(page)
  await list.open()
  // g then e must come within 1.5 s: pressed while the list still renders, one core missed it
  await shell.shortcut('e')
  await expect(page).toHaveURL(/\/email$/)
  await expect(shell.nav('Email')).toHaveAttribute('aria-current', 'page')
  const inbox = new InboxPage(page)
  await expect(inbox.heading()).toBeVisible()
  await expect(page.getByText('harbor-freight-demo-co@quayside.localhost')).toBeVisible()
  // the demo's mail is read shortly after the server starts
  await expect(inbox.readOne()).toBeVisible({ timeout: 60_000 })
  await expectNoSeriousA11yViolations(page)

  // search is kept in the URL
  await inbox.search('documents for')
  await expect(page).toHaveURL(/q=documents\+for/)
  const subject = await inbox.openEmail(/: documents for /)

  const email = new EmailPage(page)
  await expect(email.heading()).toHaveText(subject)
  await expect(
    page
      .getByText('Documentation <documentation@')
      .or(page.getByText(/documentation@/))
      .first(),
  ).toBeVisible()
  await expect(email.message().getByText('Please find attached the documents')).toBeVisible()
  await expect(email.showRemoteImages()).toBeVisible()
  await expectNoSeriousA11yViolations(page, { exclude: ['.email-frame'] })

  await email.openDocument(/^arrival-notice-/)
  const document = new DocumentPage(page)
  await expect(document.heading()).toContainText('arrival-notice-')
  await expect(page.getByText('Arrival notice', { exact: false }).first()).toBeVisible()
  await expect(document.firstPage()).toBeVisible()

  const lfd = document.field('Last free day')
  const read = await lfd.inputValue()
  expect(read).toMatch(/^\d{4}-\d{2}-\d{2}$/)
  await lfd.focus()
  await expect(page).toHaveURL(/at=last_free_day/)
  await expect(document.highlight()).toBeVisible()
  await expect(document.status('Marked on page 1')).toBeVisible()
  await page.screenshot({ path: test.info().outputPath('marked.png') })
  await expectNoSeriousA11yViolations(page)

  // correct it by hand and save
  const corrected = '2027-01-15'
  await lfd.fill(corrected)
  await document.saveCorrections().click()
  await expect(page.getByText('Corrections saved.')).toBeVisible()
  await expect(page.getByText(`Corrected by a person; read as ${read}`)).toBeVisible()
  await expect(lfd).toHaveValue(corrected)

  // the correction survives reading the document again
  await document.readItAgain()
  await expect(lfd).toHaveValue(corrected)

  // the container it names lists it
  const documentTitle = (await document.heading().textContent()) ?? ''
  await document.openLinkedContainer()
  const container = new ContainerPage(page)
  await expect(container.heading()).toContainText('Container')
  // the corrected day is the one the container uses now, and the page says whose it is and why it counts
  const lastFreeDay = container.lastFreeDay()
  await expect(lastFreeDay).toContainText(`Corrected by a person (API key`)
  await expect(lastFreeDay).toContainText('and it counts: a person corrected it')
  await expect(
    lastFreeDay
      .getByRole('row', { name: /A person's correction/ })
      .getByRole('cell')
      .first(),
  ).toHaveText('Jan 15, 2027')
  await expect(lastFreeDay.getByRole('row', { name: /A person's correction/ })).toContainText('✔ Counts')
  await expect(container.documents().getByRole('link', { name: documentTitle })).toBeVisible()
  await container.documents().getByRole('link', { name: documentTitle }).click()
  // the container page names its own last free day too: look for the field once the document's page is shown
  await expect(document.heading()).toHaveText(documentTitle)
  await expect(document.field('Last free day')).toHaveValue(corrected)
})

test('an inbox filter that matches nothing says so and how to clear it; phones get cards', async ({
  page,
}) => {
  await page.goto('/email?reading=failed&q=no-such-email-anywhere')
  const inbox = new InboxPage(page)
  await expect(inbox.nothingMatches()).toBeVisible()
  await inbox.clearFilters()
  await expect(page).not.toHaveURL(/reading=|q=/)
  await page.setViewportSize({ width: 390, height: 800 })
  const table = inbox.table()
  await expect(table.getByRole('link').first()).toBeVisible()
  // on a phone each email is a card: the header row is not shown
  await expect(table.locator('thead')).toBeHidden()
})

test('an email or document that does not exist is a readable 404, not a blank page', async ({ page }) => {
  const error = new ErrorPanel(page)
  await page.goto('/email/00000000-0000-4000-8000-000000000000')
  await expect(error.alert()).toContainText('Not found')
  await page.goto('/documents/00000000-0000-4000-8000-000000000000')
  await expect(error.alert()).toContainText('Not found')
})

test('the inbox, an email and a document pass axe in light and dark mode', async ({ page }) => {
  await page.request.get('/session') // signs this browser context in before it reads the API
  const submissions = await (
    await page.request.get('/v2/email_submissions?q=documents%20for&page[size]=1&include=documents')
  ).json()
  const submission = submissions.data[0]
  const documentId = submission.relationships.documents.data[0].id
  const shell = new AppShell(page)
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    for (const path of [
      '/email',
      `/email/${submission.id}`,
      `/documents/${documentId}?at=bill_of_lading_number`,
    ]) {
      await page.goto(path)
      await expect(shell.heading()).toBeVisible()
      await expect(shell.busy()).toHaveCount(0)
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
  const documentPage = new DocumentPage(page)
  await documentPage.open(document.id)
  const links = documentPage.links()
  const first = links.getByRole('link', { name: /^Container / }).first()
  const label = (await first.textContent()) ?? ''
  const number = label.replace('Container ', '')
  await documentPage.unlink(label)
  await expect(page.getByText(/^Links saved:/)).toBeVisible()
  await expect(links.getByRole('link', { name: label })).toHaveCount(0)

  await documentPage.linkContainer(number)
  await expect(links.getByRole('link', { name: label })).toBeVisible()
})
