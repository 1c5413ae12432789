import { type CDPSession, expect, type Page } from '@playwright/test'

/**
 * Chromium's virtual authenticator (DevTools protocol): a platform passkey that verifies its user at
 * once, so registration and sign-in run with no prompt.
 */
export async function virtualAuthenticator(page: Page) {
  const cdp: CDPSession = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  }
}

/** The profile's Passkeys section. */
export class PasskeysSection {
  constructor(readonly page: Page) {}

  section = () => this.page.getByRole('region', { name: 'Passkeys' })
  list = () => this.page.getByRole('list', { name: 'Your passkeys' })
  name = () => this.page.getByLabel('Passkey name')

  async open() {
    await this.page.goto('/settings/profile')
    await expect(this.section()).toBeVisible()
  }

  async add(name: string) {
    await this.name().fill(name)
    await this.page.getByRole('button', { name: 'Add a passkey' }).click()
    await expect(this.list()).toContainText(name)
  }
}

/** The sign-in page's passkey button. */
export class PasskeySignIn {
  constructor(readonly page: Page) {}

  button = () => this.page.getByRole('button', { name: 'Sign in with a passkey' })

  async signIn() {
    await this.button().click()
  }
}

/** The banner a View as session shows, with its way out. */
export class ViewAsBanner {
  constructor(readonly page: Page) {}

  banner = () => this.page.locator('.view-as-banner')

  async stop() {
    await this.banner().getByRole('button', { name: 'Stop viewing' }).click()
    await expect(this.banner()).toHaveCount(0)
  }
}
