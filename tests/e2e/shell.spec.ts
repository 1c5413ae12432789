import { expect, test } from '@playwright/test'
import { AppShell } from './pages/app-shell'
import { BoardPage } from './pages/board-page'
import { ErrorPanel } from './pages/error-panel'
import { ShipmentsPage } from './pages/shipments-page'
import { SignInPage } from './pages/sign-in-page'

test('an unknown address is a 404 from the server and a "Page not found" inside the app frame', async ({
  page,
}) => {
  const response = await page.goto('/no-such-page')
  expect(response?.status()).toBe(404)
  const shell = new AppShell(page)
  await expect(shell.heading()).toHaveText('Page not found')
  await expect(shell.mainNav()).toBeVisible()
  await page.getByRole('link', { name: 'Go to the board' }).click()
  await new BoardPage(page).loaded()
})

test('keyboard shortcuts: / searches, g then a letter moves, ? lists them, Escape closes menus and dialogs', async ({
  page,
}) => {
  await new BoardPage(page).open()
  const shell = new AppShell(page)
  const blur = () => page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
  await page.keyboard.press('/')
  await expect(shell.goToBox()).toBeFocused()
  await blur()
  await shell.shortcut('s')
  await expect(page).toHaveURL(/\/shipments$/)
  await new ShipmentsPage(page).loaded()
  await page.keyboard.press('/')
  await expect(page.getByLabel('Search shipments')).toBeFocused()
  await blur()
  await page.keyboard.press('?')
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
  await expect(help).toBeVisible()
  await expect(help).toContainText('Go to the container board')
  await page.keyboard.press('Escape')
  await expect(help).toBeHidden()

  await page.getByText('Columns', { exact: true }).click()
  await expect(page.getByRole('checkbox', { name: 'Customer', exact: true })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('checkbox', { name: 'Customer', exact: true })).toBeHidden()
  await expect(page.getByText('Columns', { exact: true })).toBeFocused()

  await blur()
  await shell.shortcut('c')
  await expect(page).toHaveURL(/\/$/)
  await new BoardPage(page).loaded()
})

test('offline, a page whose code cannot load shows the error with Retry, never a blank page', async ({
  page,
  context,
}) => {
  await new BoardPage(page).open()
  await context.setOffline(true)
  const shell = new AppShell(page)
  await shell.nav('Settings').click()
  const error = new ErrorPanel(page)
  await expect(error.alert()).toBeVisible()
  await expect(error.alert().getByRole('button', { name: 'Retry' })).toBeVisible()
  await context.setOffline(false)
  await error.retry()
  await expect(shell.heading()).toHaveText('Settings')
})

test('offline, the shell parts whose code loads when first used say so in their place, and the page stays', async ({
  page,
  context,
}) => {
  const board = new BoardPage(page)
  await board.open()
  await context.setOffline(true)
  await page.keyboard.press('?')
  await expect(
    page.getByRole('alert').filter({ hasText: 'The keyboard shortcuts could not load' }),
  ).toBeVisible()
  await page.getByRole('button', { name: 'Dismiss' }).click()
  await page.getByRole('button', { name: /^Alerts/ }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'The alerts could not load' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await context.setOffline(false)
})

test('offline, a list whose data cannot load says so in its place, and Retry loads it once back', async ({
  page,
  context,
}) => {
  const list = new ShipmentsPage(page)
  await list.open('?size=10')
  await context.setOffline(true)
  await page.getByRole('button', { name: 'Next' }).click()
  const error = new ErrorPanel(page)
  await expect(error.alert()).toContainText("Couldn't reach the server", { timeout: 30_000 })
  await context.setOffline(false)
  await error.retry()
  await list.loaded()
  await expect(page).toHaveURL(/page=2/)
})

test('the account page names the account, what the key may do and where to email documents; Demo says so', async ({
  page,
}) => {
  await page.goto('/account')
  await expect(page.getByRole('banner').getByText(/^Demo/)).toBeVisible()
  const facts = page.getByRole('main')
  await expect(facts).toContainText('Harbor Freight Demo Co.')
  await expect(facts).toContainText('Read and write')
  await expect(facts.getByRole('link', { name: 'harbor-freight-demo-co@quayside.localhost' })).toBeVisible()
  await expect(facts).toContainText('nothing to sign out of')
})

test('the passkey button holds its place while its code loads, so a click on the key toggle lands', async ({
  page,
}) => {
  // the passkey control's own code, held back until the page is up: it alone says what the button says while waiting
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route('**/assets/*.js', async (route) => {
    const response = await route.fetch()
    const body = await response.text()
    if (body.includes('Waiting for your passkey')) await held
    await route.fulfill({ response, body })
  })
  const signIn = new SignInPage(page)
  await signIn.open()
  const passkey = page.getByRole('button', { name: 'Sign in with a passkey' })
  await expect(passkey).toBeDisabled()
  const before = await signIn.keyInstead().boundingBox()
  release()
  await expect(passkey).toBeEnabled()
  expect(await signIn.keyInstead().boundingBox()).toEqual(before)
  await signIn.keyInstead().click()
  await expect(signIn.apiKey()).toBeVisible()
})

test('sign in with a key of your own and sign out again; a wrong key is refused on its field', async ({
  page,
}) => {
  const signIn = new SignInPage(page)
  await signIn.open()
  await signIn.submit('not-a-real-key-123')
  await expect(signIn.apiKey()).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByText('That API key was not accepted')).toBeVisible()

  // the second account's key: not the demo's, so the banner must not say Demo
  await signIn.submit('e2e-demo-key-0000000000-second-account')
  await new BoardPage(page).loaded()
  await expect(page.getByRole('banner').getByText(/^Demo/)).toHaveCount(0)
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page).toHaveURL(/\/sign-in$/)
})
