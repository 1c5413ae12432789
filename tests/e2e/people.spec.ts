import { randomUUID } from 'node:crypto'
import { type Browser, expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './pages/accessibility'
import { AppShell } from './pages/app-shell'
import { BoardPage } from './pages/board-page'
import { InvitePage, PeoplePage, ProfilePage, ResetPasswordPage, UserMenu } from './pages/people-pages'
import { SignInPage } from './pages/sign-in-page'
import { TrackShipmentForm } from './pages/track-shipment-form'

const PASSWORD = 'a harbour of twelve or more'

/** The demo owner invites someone through Settings → People; they join in a browser of their own. */
async function invitedPerson(browser: Browser, role: string) {
  const owner = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] })
  const people = new PeoplePage(await owner.newPage())
  await people.open()
  const email = `${role.toLowerCase()}-${randomUUID().slice(0, 8)}@example.com`
  const link = await people.invite(email, role)
  await people.copyButton().click()
  await expect(people.copied()).toBeVisible()
  expect(await people.page.evaluate(() => navigator.clipboard.readText())).toBe(link)
  await expect(people.invitations()).toContainText(email)
  await owner.close()
  const own = await browser.newContext()
  const page = await own.newPage()
  return { email, link, page, context: own }
}

/** An invited person who has joined with PASSWORD as `name`, signed in in a browser of their own. */
async function joinedPerson(browser: Browser, role: string, name: string) {
  const joined = await invitedPerson(browser, role)
  const invite = new InvitePage(joined.page)
  await invite.open(joined.link)
  await invite.accept(name, PASSWORD)
  await new BoardPage(joined.page).loaded()
  return joined
}

test('a viewer is invited, joins with a password, signs in again and is told in words what they cannot change', async ({
  browser,
}) => {
  const { email, link, page, context } = await invitedPerson(browser, 'Viewer')
  const invite = new InvitePage(page)
  await invite.open(link)
  await expect(invite.invited()).toContainText(`as viewer, signing in as ${email}`)
  await invite.accept('Vera', PASSWORD)
  await new BoardPage(page).loaded()
  const menu = new UserMenu(page)
  await expect(menu.summary()).toContainText('Vera')
  await expect(menu.summary()).toContainText('Viewer')

  await menu.choose('Sign out')
  const signIn = new SignInPage(page)
  await expect(page).toHaveURL(/\/sign-in$/)
  await signIn.submitPassword(email, 'not the password at all')
  await expect(signIn.problem()).toHaveText(
    'That email and password do not match a person who can sign in. Check both and try again.',
  )
  await signIn.submitPassword(email, PASSWORD)
  await new BoardPage(page).loaded()

  const form = new TrackShipmentForm(page)
  await form.open()
  await expect(new AppShell(page).note()).toContainText(
    'Tracking a new shipment is not available: it needs an operator or above; you are a viewer.',
  )
  await expect(form.submitButton()).toBeDisabled()
  // the same link a second time says it was used
  await invite.open(link)
  await expect(invite.problem()).toContainText('already been accepted')
  await context.close()
})

test('an admin makes a reset link, the person sets a new password with it, and signs in with that one only', async ({
  browser,
  page,
}) => {
  const name = `Remy ${randomUUID().slice(0, 4)}`
  const joined = await joinedPerson(browser, 'Viewer', name)
  await joined.context.close()

  const people = new PeoplePage(page)
  await people.open()
  const link = await people.resetLink(name)

  const own = await browser.newContext()
  const person = await own.newPage()
  const reset = new ResetPasswordPage(person)
  await reset.open(link)
  await expect(reset.lead()).toContainText(joined.email)
  const NEW_PASSWORD = 'a quay of new words, long enough'
  await reset.setPassword(NEW_PASSWORD)
  await new BoardPage(person).loaded()
  await expect(new UserMenu(person).summary()).toContainText(name)

  await new UserMenu(person).choose('Sign out')
  await expect(person).toHaveURL(/\/sign-in$/)
  const signIn = new SignInPage(person)
  await signIn.submitPassword(joined.email, PASSWORD)
  await expect(signIn.problem()).toHaveText(
    'That email and password do not match a person who can sign in. Check both and try again.',
  )
  await signIn.submitPassword(joined.email, NEW_PASSWORD)
  await new BoardPage(person).loaded()
  // the link is good once
  await person.goto(new URL(link, 'http://x').pathname)
  await expect(reset.problem()).toContainText('already been used')
  await own.close()
})

test('a person makes a personal key no wider than their role, sees it once, and revokes it', async ({
  browser,
}) => {
  const { page, context } = await joinedPerson(browser, 'Operator', 'Otto')
  const profile = new ProfilePage(page)
  await profile.open()
  // the choices come with the person's role, which may arrive after the heading: a retrying assertion waits
  await expect(profile.actsAs().locator('option')).toHaveText(['Operator', 'Viewer', 'Customer'])
  const name = `script ${randomUUID().slice(0, 6)}`
  const token = await profile.createKey(name, 'Viewer')
  await expect(profile.keyRow(name)).toContainText(token.slice(0, 8))
  const answer = await page.request.get('/v2/shipments?page[size]=1', {
    headers: { Authorization: `Token ${token}` },
  })
  expect(answer.status()).toBe(200)
  await profile.revokeKey(name)
  await expect(profile.keyRow(name)).toHaveCount(0)
  const after = await page.request.get('/v2/shipments?page[size]=1', {
    headers: { Authorization: `Token ${token}` },
  })
  expect(after.status()).toBe(401)
  await context.close()
})

test('while an admin views as someone, a banner says whom and every write control says why it is off', async ({
  browser,
  page,
}) => {
  const joined = await joinedPerson(browser, 'Operator', 'Ozzie')
  await joined.context.close()

  const people = new PeoplePage(page)
  await people.open()
  await people.viewAs('Ozzie')
  await expect(people.banner()).toContainText('Viewing as Ozzie (Operator) — read-only')
  await expect(new UserMenu(page).summary()).toContainText('Viewing as Ozzie')
  const form = new TrackShipmentForm(page)
  await form.open()
  await expect(new AppShell(page).note()).toContainText(
    'Tracking a new shipment is not available: you are viewing as Ozzie, which is read-only.',
  )
  await expect(form.submitButton()).toBeDisabled()
  await people.stopViewing()
  await expect(people.banner()).toHaveCount(0)
  await expect(form.submitButton()).toBeEnabled()
})

test("an admin changes a person's role, makes them a customer of a party, and removes them", async ({
  browser,
  page,
}) => {
  const name = `Rhea ${randomUUID().slice(0, 4)}`
  const joined = await joinedPerson(browser, 'Viewer', name)

  const people = new PeoplePage(page)
  await people.open()
  await people.changeRole(name, 'Operator')
  await expect(people.roleOf(name)).toHaveValue('operator')
  await expect(people.row(name)).not.toContainText('Only')

  await people.makeCustomer(name)
  await expect(people.partyOf(name)).toHaveCount(0)
  await page.reload()
  await expect(people.roleOf(name)).toHaveValue('customer')
  await expect(people.row(name)).not.toContainText('needs')

  await people.remove(name)
  await expect(people.row(name)).toHaveCount(0)
  // their session stopped with them
  const after = await joined.page.request.get('/v2/shipments?page[size]=1')
  expect(after.status()).toBe(401)
  await joined.context.close()
})

test('the people pages pass axe in light and dark, and sign-in works by keyboard alone', async ({ page }) => {
  const shell = new AppShell(page)
  const pages: [string, string][] = [
    ['/sign-in', 'Sign in to Quayside'],
    ['/invite/not-a-real-token', 'Join Quayside'],
    ['/reset-password/not-a-real-token', 'Choose a new password'],
    ['/settings/people', 'People'],
    ['/settings/profile', 'Your profile'],
  ]
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    for (const [path, heading] of pages) {
      await page.goto(path)
      await expect(shell.heading()).toContainText(heading)
      await expect(shell.busy()).toHaveCount(0)
      await expectNoSeriousA11yViolations(page)
    }
  }
  await page.goto('/invite/not-a-real-token')
  await expect(page.getByRole('alert')).toHaveText(
    'This invitation is not known. Check that the whole link was copied, or ask for a new one.',
  )

  const signIn = new SignInPage(page)
  await signIn.open()
  await signIn.email().focus()
  await page.keyboard.type('nobody@example.com')
  await page.keyboard.press('Tab')
  await expect(signIn.password()).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(signIn.signInButton()).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(signIn.keyInstead()).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(signIn.apiKey()).toBeVisible()
})
