import type { Page } from '@playwright/test'

/** One inbound email: who sent it, its message (in a sandboxed frame), and its documents. */
export class EmailPage {
  constructor(readonly page: Page) {}

  heading = () => this.page.getByRole('heading', { level: 1 })
  message = () => this.page.frameLocator('iframe[title="Email message"]')
  messageFrame = () => this.page.getByTitle('Email message')
  showRemoteImages = () => this.page.getByRole('button', { name: 'Show remote images' })
  remoteImagesNote = () => this.page.getByRole('note').filter({ hasText: 'remote images are not shown' })
  plainText = () => this.page.getByRole('button', { name: 'Plain text' })
  document = (name: string) => this.page.getByRole('link', { name })

  open = (id: string) => this.page.goto(`/email/${id}`)

  /** Waits for the message frame's load event: everything its markup asked for has been fetched or refused. */
  async messageLoaded() {
    const handle = await this.messageFrame().elementHandle()
    await (await handle!.contentFrame())!.waitForLoadState('load')
  }

  /** Opens the first document whose name matches. */
  openDocument = (name: RegExp) => this.page.getByRole('link', { name }).first().click()
}
