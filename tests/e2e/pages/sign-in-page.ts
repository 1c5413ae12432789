import type { Page } from '@playwright/test'
import { BoardPage } from './board-page'

/** The sign-in page: an API key, and Sign in. */
export class SignInPage {
  constructor(readonly page: Page) {}

  apiKey = () => this.page.getByLabel('API key')
  signInButton = () => this.page.getByRole('button', { name: 'Sign in' })

  /** Opens the page on the server at `base` (the main one when empty). */
  async open(base = '') {
    await this.page.goto(`${base}/sign-in`)
  }

  /** Types the key and presses Sign in, without waiting for where it leads. */
  async submit(key: string) {
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
}
