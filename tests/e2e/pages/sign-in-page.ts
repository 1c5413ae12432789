import type { Page } from '@playwright/test'
import { BoardPage } from './board-page'

/** The sign-in page: an email and password by default, or an API key. */
export class SignInPage {
  constructor(readonly page: Page) {}

  apiKey = () => this.page.getByLabel('API key')
  email = () => this.page.getByLabel('Email')
  password = () => this.page.getByLabel('Password', { exact: true })
  problem = () => this.page.getByRole('alert')
  keyInstead = () => this.page.getByRole('button', { name: 'Use an API key instead' })
  signInButton = () => this.page.getByRole('button', { name: 'Sign in', exact: true })

  /** Opens the page on the server at `base` (the main one when empty). */
  async open(base = '') {
    await this.page.goto(`${base}/sign-in`)
    await this.signInButton().waitFor()
  }

  /** Types the key and presses Sign in, without waiting for where it leads. */
  async submit(key: string) {
    if ((await this.apiKey().count()) === 0) await this.keyInstead().click()
    await this.apiKey().fill(key)
    await this.signInButton().click()
  }

  /** Signs in with the key and waits for the board, where a person lands once signed in. */
  async signIn(key: string, base = '') {
    await this.open(base)
    await this.submit(key)
    const board = new BoardPage(this.page)
    await board.loaded()
    return board
  }

  /** Types an email and password and presses Sign in, without waiting for where it leads. */
  async submitPassword(email: string, password: string) {
    await this.email().fill(email)
    await this.password().fill(password)
    await this.signInButton().click()
  }
}
