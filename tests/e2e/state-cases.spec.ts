import { expect, test } from '@playwright/test'
import { stateWords } from '../../src/contract/container-state'
import { EMBED_FIELD_GROUPS } from '../../src/contract/embed-tokens'
import { ContainerPage } from './pages/container-page'
import { stateCases } from './pages/state-case-containers'
import { readBoardTabs, type TabReading } from './pages/state-case-surfaces'
import { startEmbedHost } from './support/embed-host-page'
import { startExtraServer } from './support/extra-server'

const KEY = 'e2e-demo-key-0000000000'
const PORT = Number(process.env.E2E_PORT ?? 4173) + 1011
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

// one table of cases (src/contract/container-state-cases.ts), written into a server of its own at today's now
const cases = stateCases(new Date())

test.describe('one table of cases, the same words on the board, the container page, the widget and CSV', () => {
  let server: Awaited<ReturnType<typeof startExtraServer>>
  let host: Awaited<ReturnType<typeof startEmbedHost>>
  let token: string
  let tabs: Map<string, TabReading>
  test.beforeAll(async ({ browser, request }, info) => {
    info.setTimeout(300_000)
    server = await startExtraServer(PORT, { DEMO_API_KEY: KEY }, 'tests/e2e/support/start-case-server.ts')
    host = await startEmbedHost('127.0.0.1', PORT + 1, server.url)
    const response = await request.post(`${server.url}/v2/embed_tokens`, {
      headers: { Authorization: `Token ${KEY}`, 'Content-Type': 'application/vnd.api+json' },
      data: {
        data: {
          type: 'embed_token',
          attributes: {
            name: 'Cases',
            scope: { kind: 'shipments', shipment_ids: cases.map((c) => c.shipmentId) },
            // everything a widget can be given, so it reads the state from what the dashboard reads
            fields: [...EMBED_FIELD_GROUPS],
            allowed_origins: [host.origin],
            expires_at: new Date(Date.now() + 86_400_000).toISOString(),
          },
        },
      },
    })
    expect(response.status()).toBe(201)
    token = (await response.json()).data.attributes.token
    tabs = await readBoardTabs(browser, server.url)
  })
  test.afterAll(async () => {
    await host?.stop()
    await server?.stop()
  })

  for (const c of cases)
    test(c.title, async ({ page }) => {
      // the board: in exactly the table's tabs, its badge and its CSV row saying the table's words
      const shownIn = [...tabs].filter(([, reading]) => reading.badges.has(c.number)).map(([tab]) => tab)
      expect(shownIn.sort()).toEqual([...c.tabs].sort())
      for (const tab of c.tabs) {
        expect(tabs.get(tab)!.badges.get(c.number), `the ${tab} tab`).toBe(c.headline)
        expect(tabs.get(tab)!.csv.get(c.number), `the ${tab} tab's CSV`).toBe(c.headline)
      }

      // the container page's banner
      await page.goto(`${server.url}/containers/${c.containerId}`)
      const view = new ContainerPage(page)
      await expect(view.heading()).toContainText(c.number)
      // the table's words, then at most when it happened ("Picked up Nov 24, 2026, 12:00 PST")
      await expect(view.availability().locator('.answer-headline')).toHaveText(
        new RegExp(`^\\W*${escaped(c.headline)}((, [a-z ]+)? [A-Z][a-z]{2} \\d{1,2}, \\d{4}.*)?$`),
      )

      // the customer's widget, which is not told the terminal's name, says the same state in its words
      await page.goto(
        host.show(`<quayside-tracking token="${token}" view="containers" locale="en"></quayside-tracking>`),
      )
      const row = page.locator('quayside-tracking li.container').filter({ hasText: c.number })
      await expect(row.locator(`.status-${c.kind}`)).toBeVisible()
      const words = stateWords(c.kind, c.attributes, {}, 'en')
      await expect(
        row.locator('div', { has: page.locator('dt', { hasText: /^Status$/ }) }).locator('dd'),
      ).toHaveText(words.headline)
    })
})
