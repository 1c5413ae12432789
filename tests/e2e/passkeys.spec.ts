import { randomUUID } from 'node:crypto'
import { type APIRequestContext, expect, test } from '@playwright/test'
import { AppShell } from './pages/app-shell'
import { BoardPage } from './pages/board-page'
import { PasskeySignIn, PasskeysSection, ViewAsBanner, virtualAuthenticator } from './pages/passkey-pages'
import { InvitePage, PeoplePage, UserMenu } from './pages/people-pages'
import { TrackShipmentForm } from './pages/track-shipment-form'

const DEMO_KEY = 'e2e-demo-key-0000000000'
const PASSWORD = 'a harbour of twelve or more'
// WebAuthn takes a domain, never an IP address, for the site a passkey belongs to
test.use({ baseURL: `http://localhost:${process.env.E2E_PORT ?? 4173}` })

/** An invitation made with the demo account's key; answers the path of its accept link. */
async function invitation(request: APIRequestContext, role: string) {
  const email = `${role}-${randomUUID().slice(0, 8)}@example.com`
  const made = await request.post('/v2/invitations', {
    headers: { Authorization: `Token ${DEMO_KEY}`, 'Content-Type': 'application/vnd.api+json' },
    data: { data: { type: 'invitation', attributes: { email, role } } },
  })
  expect(made.status()).toBe(201)
  return new URL((await made.json()).data.attributes.accept_url).pathname
}

test('a person registers a passkey with the virtual authenticator and signs in with it after signing out', async ({
  page,
}) => {
  const authenticator = await virtualAuthenticator(page)
  const invite = new InvitePage(page)
  await invite.open(await invitation(page.request, 'operator'))
  await invite.accept('Kim', PASSWORD)
  await new BoardPage(page).loaded()

  const passkeys = new PasskeysSection(page)
  await passkeys.open()
  await passkeys.add('Work laptop')
  expect(await authenticator.credentials()).toHaveLength(1)

  const menu = new UserMenu(page)
  await menu.choose('Sign out')
  await expect(page).toHaveURL(/\/sign-in$/)
  await new PasskeySignIn(page).signIn()
  await new BoardPage(page).loaded()
  await expect(menu.summary()).toContainText('Kim')
  await passkeys.open()
  await expect(passkeys.list()).not.toContainText('last used never')
})

test('a person joins with a passkey instead of a password, and signs in with it after signing out', async ({
  page,
  browser,
}) => {
  const authenticator = await virtualAuthenticator(page)
  const invite = new InvitePage(page)
  const path = await invitation(page.request, 'viewer')
  const name = `Pia ${randomUUID().slice(0, 4)}`
  await invite.open(path)
  await invite.joinWithPasskey(name)
  await new BoardPage(page).loaded()
  expect(await authenticator.credentials()).toHaveLength(1)
  const passkeys = new PasskeysSection(page)
  await passkeys.open()
  await expect(passkeys.list()).toContainText('Passkey made when joining')

  const menu = new UserMenu(page)
  await menu.choose('Sign out')
  await expect(page).toHaveURL(/\/sign-in$/)
  await new PasskeySignIn(page).signIn()
  await new BoardPage(page).loaded()
  await expect(menu.summary()).toContainText(name)

  // a browser without WebAuthn is not offered it
  const bare = await browser.newContext({ baseURL: `http://localhost:${process.env.E2E_PORT ?? 4173}` })
  await bare.addInitScript(() => {
    delete (window as { PublicKeyCredential?: unknown }).PublicKeyCredential
  })
  const other = new InvitePage(await bare.newPage())
  await other.open(await invitation(bare.request, 'viewer'))
  await expect(other.page.getByRole('button', { name: 'Join and sign in' })).toBeVisible()
  await expect(other.passkeyInstead()).toHaveCount(0)
  await bare.close()
})

test("an admin's View as shows the other person's view and changes nothing", async ({ page, browser }) => {
  // a viewer joins in a browser of their own
  const viewer = await browser.newContext({ baseURL: `http://localhost:${process.env.E2E_PORT ?? 4173}` })
  const path = await invitation(viewer.request, 'viewer')
  const name = `Wren ${randomUUID().slice(0, 4)}`
  const joined = await viewer.request.post(`/session/invitations/${path.split('/').at(-1)}`, {
    headers: { Origin: `http://localhost:${process.env.E2E_PORT ?? 4173}` },
    data: { first_name: name, password: PASSWORD },
  })
  expect(joined.status()).toBe(200)
  await viewer.close()

  // the demo's owner
  const people = new PeoplePage(page)
  await people.open()
  await people
    .people()
    .getByRole('button', { name: `View as ${name}` })
    .click()
  const banner = new ViewAsBanner(page)
  await expect(banner.banner()).toContainText(`Viewing as ${name} (Viewer) — read-only`)

  const form = new TrackShipmentForm(page)
  await form.open()
  await expect(new AppShell(page).note()).toContainText(
    `Tracking a new shipment is not available: you are viewing as ${name}, which is read-only.`,
  )
  await expect(form.submitButton()).toBeDisabled()
  // nor does the server take a write sent anyway through this session
  const write = await page.request.post('/v2/tracking_requests', {
    headers: { Origin: `http://localhost:${process.env.E2E_PORT ?? 4173}` },
    data: {
      data: {
        type: 'tracking_request',
        attributes: { request_type: 'bill_of_lading', request_number: 'VIEWAS1' },
      },
    },
  })
  expect(write.status()).toBe(403)
  expect((await write.json()).errors[0].code).toBe('view_as_read_only')

  await banner.stop()
  await expect(new AppShell(page).note()).toHaveCount(0)
  await expect(form.submitButton()).toBeEnabled()
})
