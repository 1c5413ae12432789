import { type APIRequestContext, expect, test } from '@playwright/test'
import { HostileSite } from './pages/hostile-site'
import { createWebhookFromPage, openDashboard } from './pages/own-session'
import { DEMO_KEY } from './support/connected-servers'
import { startHostilePage } from './support/hostile-page'

const KEY = DEMO_KEY
// the pages of other origins get ports of their own, beside the server's (E2E_PORT) so parallel runs do not meet
const OTHER_PORT = Number(process.env.E2E_OTHER_PORT ?? Number(process.env.E2E_PORT ?? 4173) + 1000)

const webhookUrls = async (request: APIRequestContext, baseURL: string) => {
  const response = await request.get(`${baseURL}/v2/webhooks?page[size]=100`, {
    headers: { Authorization: `Token ${KEY}` },
  })
  expect(response.status()).toBe(200)
  return ((await response.json()).data as { attributes: { url: string } }[]).map((w) => w.attributes.url)
}

for (const [what, host, port] of [
  ['another port of the same host', '127.0.0.1', OTHER_PORT],
  ['another origin', '127.0.0.2', OTHER_PORT + 1],
] as const) {
  test(`a page on ${what} cannot create a webhook through a signed-in session`, async ({
    page,
    request,
    baseURL,
  }) => {
    await openDashboard(page)
    const cookies = await page.context().cookies()
    expect(cookies.map((c) => c.name)).toContain('quayside_session')
    const before = await webhookUrls(request, baseURL!)

    const hostile = await startHostilePage(host, port, baseURL!)
    try {
      const report = await new HostileSite(page).visit(hostile.url)
      // the preflighted JSON request is never allowed to be sent
      expect(report).toContain('json: TypeError')
    } finally {
      await hostile.stop()
    }
    const after = await webhookUrls(request, baseURL!)
    expect(after.filter((url) => url.startsWith('https://93.184.216.34/'))).toEqual(
      before.filter((url) => url.startsWith('https://93.184.216.34/')),
    )
    expect(after).toHaveLength(before.length)
  })
}

test('the same session can create a webhook from the dashboard itself', async ({
  page,
  request,
  baseURL,
}) => {
  await openDashboard(page)
  expect((await createWebhookFromPage(page, 'https://93.184.216.34/own')).status).toBe(201)
  expect(await webhookUrls(request, baseURL!)).toContain('https://93.184.216.34/own')
})
