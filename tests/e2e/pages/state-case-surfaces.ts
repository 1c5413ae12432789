import type { Browser, Page } from '@playwright/test'
import { BOARD_TABS } from '../../../src/contract/container-board'
import { BoardPage } from './board-page'
import { readCsv } from './csv-file'
import { CASES_CUSTOMER_ID } from './state-case-containers'

/** What one board tab says of each case's container: its status badge, and its CSV row's Status. */
export type TabReading = { badges: Map<string, string>; csv: Map<string, string> }

const withoutSign = (text: string) => text.replace(/^[^A-Za-z]+/, '').trim()

async function readTab(page: Page, base: string, tab: string): Promise<TabReading> {
  const board = new BoardPage(page)
  await page.goto(`${base}/?tab=${tab}&customer=${CASES_CUSTOMER_ID}`)
  await board.loaded()
  const badges = new Map<string, string>()
  for (const row of await board.rows().all()) {
    const number = await row.getByRole('link').first().textContent()
    const badge = await row.locator('.state').first().textContent()
    if (number && badge) badges.set(number.trim(), withoutSign(badge))
  }
  const csv = new Map<string, string>()
  if (badges.size > 0) {
    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Export CSV' }).click()
    const file = await readCsv(await (await download).path())
    const statuses = file.column('Status')
    for (const [i, number] of file.column('Container').entries()) csv.set(number, statuses[i])
  }
  return { badges, csv }
}

/** Every board tab, filtered to the cases' customer, read once in a browser signed in to `base`. */
export async function readBoardTabs(browser: Browser, base: string) {
  const page = await browser.newPage({ acceptDownloads: true })
  const tabs = new Map<string, TabReading>()
  try {
    for (const tab of BOARD_TABS) tabs.set(tab, await readTab(page, base, tab))
  } finally {
    await page.close()
  }
  return tabs
}
