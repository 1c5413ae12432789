import { expect, type Page } from '@playwright/test'

/** Opens the dashboard, which signs the browser in to the demo with a session cookie. */
export async function openDashboard(page: Page, base = '') {
  await page.goto(`${base}/shipments`)
  await expect(page.getByRole('table', { name: 'Shipments' })).toBeVisible()
}

/** Creates a webhook from the open dashboard page, through its session, as its own code would. */
export const createWebhookFromPage = (page: Page, url: string) =>
  page.evaluate(async (target) => {
    const response = await fetch('/v2/webhooks', {
      method: 'POST',
      headers: { 'Content-Type': 'application/vnd.api+json' },
      body: JSON.stringify({
        data: { type: 'webhook', attributes: { url: target, events: ['tracking_request.failed'] } },
      }),
    })
    return { status: response.status, body: await response.json() }
  }, url)
