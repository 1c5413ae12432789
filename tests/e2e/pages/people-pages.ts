import { expect, type Page } from '@playwright/test'

/** Settings → People: invite, the link to copy, the people and pending invitations. */
export class PeoplePage {
  constructor(readonly page: Page) {}

  email = () => this.page.getByLabel('Email')
  role = () => this.page.getByLabel('Role', { exact: true })
  inviteButton = () => this.page.getByRole('button', { name: 'Invite' })
  link = () => this.page.getByLabel('Invitation link')
  copyButton = () => this.page.getByRole('button', { name: 'Copy' })
  copied = () => this.page.getByText('Copied to the clipboard.')
  people = () => this.page.getByRole('table', { name: 'People' })
  invitations = () => this.page.getByRole('table', { name: 'Pending invitations' })
  banner = () => this.page.getByRole('status').filter({ hasText: 'Viewing as' })

  async viewAs(firstName: string) {
    await this.people()
      .getByRole('row')
      .filter({ hasText: firstName })
      .getByRole('button', { name: /^View as/ })
      .click()
  }

  row = (name: string) => this.people().getByRole('row').filter({ hasText: name })
  roleOf = (name: string) => this.page.getByLabel(`Role of ${name}`)
  partyOf = (name: string) => this.page.getByLabel(`Customer whose shipments ${name} sees`)

  async changeRole(name: string, role: string) {
    await this.roleOf(name).selectOption({ label: role })
  }

  /** Customer asks for the party first; the role changes once one is chosen. */
  async makeCustomer(name: string) {
    await this.changeRole(name, 'Customer')
    await expect(this.partyOf(name).locator('option')).not.toHaveCount(1)
    const party = (await this.partyOf(name).locator('option').nth(1).textContent()) ?? ''
    await this.partyOf(name).selectOption({ index: 1 })
    return party
  }

  async remove(name: string) {
    await this.row(name)
      .getByRole('button', { name: `Remove ${name}` })
      .click()
    await this.page.getByRole('button', { name: `Remove ${name}`, exact: true }).click()
  }

  async stopViewing() {
    await this.banner().getByRole('button', { name: 'Stop viewing' }).click()
  }

  async open() {
    await this.page.goto('/settings/people')
    await expect(this.page.getByRole('heading', { level: 1 })).toHaveText('People')
  }

  /** Invites `email` as `role` and answers the accept link shown to copy. */
  async invite(email: string, role: string) {
    await this.email().fill(email)
    await this.role().selectOption({ label: role })
    await this.inviteButton().click()
    await expect(this.link()).toHaveValue(/\/invite\//)
    return this.link().inputValue()
  }

  resetLinkField = () => this.page.getByLabel('Password reset link')

  /** Makes a one-use reset link for the person named and answers it, as shown to copy. */
  async resetLink(name: string) {
    await this.row(name)
      .getByRole('button', { name: `Reset link for ${name}` })
      .click()
    await expect(this.resetLinkField()).toHaveValue(/\/reset-password\//)
    return this.resetLinkField().inputValue()
  }
}

/** A page opened from a one-use link: what it says of the link, or why it cannot be used. */
class OneUseLinkPage {
  constructor(
    readonly page: Page,
    private readonly heading: string,
  ) {}

  lead = () => this.page.locator('main p').first()
  problem = () => this.page.getByRole('alert')

  async open(link: string) {
    await this.page.goto(new URL(link, 'http://x').pathname)
    await expect(this.page.getByRole('heading', { level: 1 })).toHaveText(this.heading)
  }
}

/** `/reset-password/:token`, opened by the person the link was made for. */
export class ResetPasswordPage extends OneUseLinkPage {
  constructor(page: Page) {
    super(page, 'Choose a new password')
  }

  async setPassword(password: string) {
    await this.page.getByLabel('New password', { exact: true }).fill(password)
    await this.page.getByLabel('Password again').fill(password)
    await this.page.getByRole('button', { name: 'Set password and sign in' }).click()
    // signed in only once the answer (and its cookie) is in: a navigation before then drops both
    await expect(this.page).not.toHaveURL(/\/reset-password\//)
  }
}

/** `/invite/:token`, opened by the person invited. */
export class InvitePage extends OneUseLinkPage {
  constructor(page: Page) {
    super(page, 'Join Quayside')
  }

  invited = () => this.lead()

  passkeyInstead = () => this.page.getByRole('button', { name: 'Use a passkey instead of a password' })

  async joinWithPasskey(firstName: string) {
    await this.page.getByLabel('First name').fill(firstName)
    await this.passkeyInstead().click()
  }

  async accept(firstName: string, password: string) {
    await this.page.getByLabel('First name').fill(firstName)
    await this.page.getByLabel('Password', { exact: true }).fill(password)
    await this.page.getByLabel('Password again').fill(password)
    await this.page.getByRole('button', { name: 'Join and sign in' }).click()
    // signed in only once the answer (and its cookie) is in: a navigation before then drops both
    await expect(this.page).not.toHaveURL(/\/invite\//)
  }
}

/** The header's person and its menu. */
export class UserMenu {
  constructor(readonly page: Page) {}

  summary = () => this.page.locator('header .user-menu summary')

  async choose(item: 'Profile' | 'Sign out' | 'Sign out everywhere') {
    await this.summary().click()
    await this.page
      .locator('header .user-menu')
      .getByRole(item === 'Profile' ? 'link' : 'button', { name: item, exact: true })
      .click()
  }
}

/** `/settings/profile`: the person's own name, password and keys. */
export class ProfilePage {
  constructor(readonly page: Page) {}

  keyName = () => this.page.getByLabel('Key name', { exact: true })
  actsAs = () => this.page.getByLabel('Acts as')
  newKey = () => this.page.getByLabel('The new key')
  keys = () => this.page.getByRole('table', { name: 'Your API keys' })
  keyRow = (name: string) => this.keys().getByRole('row').filter({ hasText: name })

  async open() {
    await this.page.goto('/settings/profile')
    await expect(this.page.getByRole('heading', { level: 1 })).toHaveText('Your profile')
  }

  async createKey(name: string, role: string) {
    await this.keyName().fill(name)
    await this.actsAs().selectOption({ label: role })
    await this.page.getByRole('button', { name: 'Create key' }).click()
    await expect(this.newKey()).toHaveValue(/^qsk_/)
    return this.newKey().inputValue()
  }

  async revokeKey(name: string) {
    await this.keyRow(name)
      .getByRole('button', { name: `Revoke ${name}` })
      .click()
  }
}
