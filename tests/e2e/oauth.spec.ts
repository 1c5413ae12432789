import { randomUUID } from 'node:crypto'
import { expect, test } from '@playwright/test'
import { expectNoSeriousA11yViolations } from './pages/accessibility'
import { BoardPage } from './pages/board-page'
import { ConsentPage } from './pages/consent-page'
import { InvitePage, PeoplePage, ProfilePage, UserMenu } from './pages/people-pages'
import { SignInPage } from './pages/sign-in-page'
import { authorizeUrl, exchangeCode, loopbackApp, registerApp } from './support/assistant-app'

const PASSWORD = 'a harbour of twelve or more'
const APP_NAME = 'Desk <b>assistant</b>'

test('a person authorises an assistant: sign in, consent, back to the app with a code; the app is listed and revoked', async ({
  browser,
  request,
  baseURL,
}) => {
  const app = await loopbackApp()
  const clientId = await registerApp(request, APP_NAME, app.redirectUri)

  const owner = await browser.newContext()
  const people = new PeoplePage(await owner.newPage())
  await people.open()
  const email = `oauth-${randomUUID().slice(0, 8)}@example.com`
  const link = await people.invite(email, 'Operator')
  await owner.close()
  const context = await browser.newContext()
  const page = await context.newPage()
  const invite = new InvitePage(page)
  await invite.open(link)
  await invite.accept('Olu', PASSWORD)
  await new BoardPage(page).loaded()
  await new UserMenu(page).choose('Sign out')
  await expect(page).toHaveURL(/\/sign-in$/)

  const { url, verifier } = authorizeUrl(baseURL!, clientId, app.redirectUri, 'quayside:write')
  await page.goto(url)
  await expect(page).toHaveURL(/\/sign-in\?next=%2Foauth%2Fauthorize/)
  await expect(page.getByText('Sign in as yourself to authorise an app')).toBeVisible()
  await new SignInPage(page).submitPassword(email, PASSWORD)
  const consent = new ConsentPage(page)
  await consent.loaded()
  await expect(consent.heading()).toContainText(APP_NAME)
  await expect(consent.details()).toContainText(email)
  await expect(consent.details()).toContainText(new URL(app.redirectUri).host)
  await expect(consent.details()).toContainText('Read and change')
  await expectNoSeriousA11yViolations(page)
  await consent.allow()

  await expect(page.getByRole('heading', { name: 'The app received its answer' })).toBeVisible()
  const landed = new URL(page.url())
  expect(`${landed.origin}${landed.pathname}`).toBe(app.redirectUri)
  expect(landed.searchParams.get('state')).toBe('journey-state')
  const tokens = await exchangeCode(
    request,
    clientId,
    landed.searchParams.get('code')!,
    verifier,
    app.redirectUri,
  )
  expect(tokens.scope).toBe('quayside:write')
  const bearer = { Authorization: `Bearer ${tokens.access_token}` }
  expect((await request.get('/v2/shipments?page[size]=1', { headers: bearer })).status()).toBe(200)

  const profile = new ProfilePage(page)
  await profile.open()
  const name = `Authorised app: ${APP_NAME}`
  await expect(profile.keyRow(name)).toBeVisible()
  await profile.revokeKey(name)
  await expect(profile.keyRow(name)).toHaveCount(0)
  await expect
    .poll(async () => (await request.get('/v2/shipments?page[size]=1', { headers: bearer })).status())
    .toBe(401)
  await context.close()
  await app.close()
})
