import { expect, test } from '@playwright/test'
import { BoardPage } from './pages/board-page'
import { ShipmentsPage } from './pages/shipments-page'

test('an unknown address is a 404 from the server and a "Page not found" inside the app frame', async ({
  page,
}) => {
  const response = await page.goto('/no-such-page')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found')
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
  await page.getByRole('link', { name: 'Go to the board' }).click()
  await new BoardPage(page).loaded()
})

test('keyboard shortcuts: / searches, g then a letter moves, ? lists them, Escape closes menus and dialogs', async ({
  page,
}) => {
  await new BoardPage(page).open()
  const blur = () => page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
  await page.keyboard.press('/')
  await expect(page.getByLabel('Go to a container, bill of lading or reference')).toBeFocused()
  await blur()
  await page.keyboard.press('g')
  await page.keyboard.press('s')
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
  await page.keyboard.press('g')
  await page.keyboard.press('c')
  await expect(page).toHaveURL(/\/$/)
  await new BoardPage(page).loaded()
})

test('offline, a page whose code cannot load shows the error with Retry, never a blank page', async ({
  page,
  context,
}) => {
  await new BoardPage(page).open()
  await context.setOffline(true)
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click()
  const alert = page.getByRole('alert')
  await expect(alert).toBeVisible()
  await expect(alert.getByRole('button', { name: 'Retry' })).toBeVisible()
  await context.setOffline(false)
  await alert.getByRole('button', { name: 'Retry' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings')
})

test('offline, a list whose data cannot load says so in its place, and Retry loads it once back', async ({
  page,
  context,
}) => {
  const list = new ShipmentsPage(page)
  await list.open('?size=10')
  await context.setOffline(true)
  await page.getByRole('button', { name: 'Next' }).click()
  const alert = page.getByRole('alert')
  await expect(alert).toContainText("Couldn't reach the server", { timeout: 30_000 })
  await context.setOffline(false)
  await alert.getByRole('button', { name: 'Retry' }).click()
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

test('sign in with a key of your own and sign out again; a wrong key is refused on its field', async ({
  page,
}) => {
  await page.goto('/sign-in')
  const key = page.getByLabel('API key')
  await key.fill('not-a-real-key-123')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(key).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByText('That API key was not accepted')).toBeVisible()

  // the second account's key: not the demo's, so the banner must not say Demo
  await key.fill('e2e-demo-key-0000000000-second-account')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await new BoardPage(page).loaded()
  await expect(page.getByRole('banner').getByText(/^Demo/)).toHaveCount(0)
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page).toHaveURL(/\/sign-in$/)
})
