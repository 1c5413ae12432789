import { type Browser, chromium } from '@playwright/test'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messageModel } from '../../src/server/alerts-delivery/message-model'
import { renderHtml } from '../../src/server/alerts-delivery/render-email'
import type { BatchAlert } from '../../src/server/storage/alert-delivery-store'
import { findChromium } from '../support/chromium'

/** What a container reference, a customer's name or a custom field value might carry into an email. */
const HOSTILE = [
  '<script>window.__pwned="script"</script>',
  '<img src=x onerror="window.__pwned=\'img\'">',
  '"><svg onload="window.__pwned=\'svg\'">',
  "'><iframe src=\"javascript:parent.__pwned='iframe'\"></iframe>",
  '<a href="javascript:window.__pwned=\'link\'">click</a>',
  '<style>@import url(https://sentinel.invalid/x.css)</style>',
  '<base href="https://sentinel.invalid/"><meta http-equiv="refresh" content="0;url=https://sentinel.invalid/">',
  '<noscript><p title="</noscript><img src=x onerror=window.__pwned=1>"></p></noscript>',
]

const ORIGIN = 'https://quayside.example'

function hostileAlert(value: string, n: number): BatchAlert {
  return {
    alert_id: `00000000-0000-4000-8000-00000000000${n}`,
    rule_id: `10000000-0000-4000-8000-00000000000${n % 2}`,
    rule_name: `Rule ${value}`,
    condition_kind: 'hold_appeared',
    subject_type: 'container',
    subject_id: `20000000-0000-4000-8000-00000000000${n}`,
    container_id: `20000000-0000-4000-8000-00000000000${n}`,
    shipment_id: null,
    fired_at: new Date('2026-11-22T12:00:00Z'),
    title: `Title ${value}`,
    body: `Body ${value}`,
    detail: {
      demurrage: { currency: `USD${value}`, accrued: 300, next_day: 150 },
      custom_fields: { [`Field ${value}`]: `Value ${value}` },
    },
    container_number: `MSCU${value}`,
    bill_of_lading_number: `BL${value}`,
    customer_name: `Customer ${value}`,
  }
}

describe('alert email HTML in Chromium', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: findChromium().executablePath,
      args: ['--headless', '--no-sandbox', '--disable-gpu'],
    })
  }, 60_000)
  afterAll(async () => {
    await browser?.close()
  })

  it('shows hostile container references and custom field values as text: no script runs, no element is injected', async () => {
    const alerts = HOSTILE.map(hostileAlert)
    const html = renderHtml(
      messageModel({
        id: 'batch-1',
        kind: 'digest',
        alerts,
        origin: ORIGIN,
        unsubscribeUrls: new Map([[alerts[0].rule_id, `${ORIGIN}/alerts/unsubscribe/t.s`]]),
        unsubscribeAllUrl: `${ORIGIN}/alerts/unsubscribe/all.s`,
      }),
    )
    // no CSP here, and scripts on: only the escaping stands between the values and the page
    const context = await browser.newContext({ javaScriptEnabled: true, bypassCSP: true })
    const page = await context.newPage()
    const requested: string[] = []
    const dialogs: string[] = []
    await page.route('**/*', (route) => {
      requested.push(route.request().url())
      return route.abort()
    })
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message())
      void dialog.dismiss()
    })
    await page.setContent(html, { waitUntil: 'load' })
    await page.waitForTimeout(300)
    const found = await page.evaluate(() => ({
      pwned: (window as unknown as { __pwned?: unknown }).__pwned ?? null,
      injected: document.querySelectorAll(
        'script, img, svg, iframe, style, base, noscript, object, embed, form, link, meta[http-equiv]',
      ).length,
      handlers: [...document.querySelectorAll('*')].flatMap((el) =>
        [...el.attributes].filter((a) => a.name.startsWith('on')).map((a) => `${el.tagName} ${a.name}`),
      ),
      hrefs: [...document.querySelectorAll('a')].map((a) => a.getAttribute('href') ?? ''),
      text: document.body.textContent ?? '',
    }))
    await context.close()
    expect(found.pwned).toBeNull()
    expect(dialogs).toEqual([])
    expect(found.injected).toBe(0)
    expect(found.handlers).toEqual([])
    expect(requested).toEqual([])
    expect(found.hrefs.length).toBeGreaterThan(HOSTILE.length)
    for (const href of found.hrefs) expect(href.startsWith(`${ORIGIN}/`), href).toBe(true)
    for (const value of HOSTILE) {
      expect(found.text).toContain(`MSCU${value}`)
      expect(found.text).toContain(`Customer ${value}`)
      expect(found.text).toContain(`What it costs: USD${value} 300 so far, then USD${value} 150 a day`)
      expect(found.text).toContain(`Field ${value}: Value ${value}`)
    }
  })
})
