import AxeBuilder from '@axe-core/playwright'
import { type APIRequestContext, expect, test } from '@playwright/test'
import { startEmbedHost } from './support/embed-host-page'

const KEY = 'e2e-demo-key-0000000000'
// the customer's site and a site the token does not list, each an origin of its own beside the server's
const HOST_PORT = Number(process.env.E2E_EMBED_PORT ?? Number(process.env.E2E_PORT ?? 4173) + 1007)
const auth = { Authorization: `Token ${KEY}` }

type Shipment = { id: string; attributes: { bill_of_lading_number: string } }

async function someShipments(request: APIRequestContext, baseURL: string, count: number) {
  const response = await request.get(`${baseURL}/v2/shipments?page[size]=${count + 3}`, { headers: auth })
  return ((await response.json()).data as Shipment[]).slice(0, count + 3)
}

async function createToken(
  request: APIRequestContext,
  baseURL: string,
  shipmentIds: string[],
  origin: string,
  scope: Record<string, unknown> = { kind: 'shipments', shipment_ids: shipmentIds },
) {
  const response = await request.post(`${baseURL}/v2/embed_tokens`, {
    headers: { ...auth, 'Content-Type': 'application/vnd.api+json' },
    data: {
      data: {
        type: 'embed_token',
        attributes: {
          name: 'Portal',
          scope,
          fields: ['timeline', 'holds'],
          allowed_origins: [origin],
          expires_at: new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString(),
        },
      },
    },
  })
  expect(response.status()).toBe(201)
  const body = await response.json()
  return { id: body.data.id as string, token: body.data.attributes.token as string }
}

test.describe('the customer embed on another origin', () => {
  let host: Awaited<ReturnType<typeof startEmbedHost>>
  let stranger: Awaited<ReturnType<typeof startEmbedHost>>
  test.beforeAll(async ({ baseURL }) => {
    host = await startEmbedHost('127.0.0.1', HOST_PORT, baseURL!)
    stranger = await startEmbedHost('127.0.0.1', HOST_PORT + 1, baseURL!)
  })
  test.afterAll(async () => {
    await host?.stop()
    await stranger?.stop()
  })

  test('the element shows only its shipments, sizes itself, works by keyboard, passes axe and keeps host styles out', async ({
    page,
    request,
    baseURL,
  }) => {
    const [first, second, ...others] = await someShipments(request, baseURL!, 2)
    const { token } = await createToken(request, baseURL!, [first.id, second.id], host.origin)
    await page.goto(
      host.show(`<quayside-tracking token="${token}" view="containers" locale="en"></quayside-tracking>`),
    )
    await expect(page.locator('#events')).toContainText('quayside:loaded {"count":2}')
    const widget = page.locator('quayside-tracking')
    await expect(widget.getByRole('heading', { level: 2 })).toHaveCount(2)
    for (const shown of [first, second])
      await expect(
        widget.getByRole('heading', { name: new RegExp(shown.attributes.bill_of_lading_number) }),
      ).toBeVisible()
    for (const hidden of others)
      await expect(widget).not.toContainText(hidden.attributes.bill_of_lading_number)

    // the host's rules stop at the shadow root; its custom properties and ::part() come in, as intended
    const heading = widget.getByRole('heading', { level: 2 }).first()
    expect(await heading.evaluate((el) => getComputedStyle(el).color)).not.toBe('rgb(255, 0, 0)')
    expect(await heading.evaluate((el) => getComputedStyle(el).fontFamily)).not.toContain('monospace')
    const link = heading.getByRole('button')
    expect(await link.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(0, 128, 0)')
    const root = widget.locator('section.widget')
    expect(await root.evaluate((el) => getComputedStyle(el).borderTopColor)).toBe('rgb(0, 0, 255)')

    // keyboard: tab to a container, open its timeline; the element grows with its content
    const before = (await widget.boundingBox())!.height
    expect(before).toBeGreaterThan(100)
    const toggle = widget.getByRole('button', { name: /^Show timeline of/ }).first()
    await toggle.focus()
    await page.keyboard.press('Enter')
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await expect(page.locator('#events')).toContainText('quayside:select {"type":"container"')
    await expect.poll(async () => (await widget.boundingBox())!.height).toBeGreaterThan(before)

    const axe = await new AxeBuilder({ page }).include('quayside-tracking').analyze()
    expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])
  })

  test('a track-by-number token asks the visitor for a number, and the widget follows the host page into dark', async ({
    page,
    request,
    baseURL,
  }) => {
    const [first, second] = await someShipments(request, baseURL!, 2)
    const { token } = await createToken(request, baseURL!, [], host.origin, { kind: 'track_by_number' })
    await page.goto(
      host.show(
        `<div style="color-scheme: dark"><quayside-tracking token="${token}"></quayside-tracking></div>`,
      ),
    )
    const widget = page.locator('quayside-tracking')
    const input = widget.getByLabel('Enter a bill of lading or container number to track.')
    await input.fill(first.attributes.bill_of_lading_number)
    await input.press('Enter')
    await expect(widget.getByRole('heading', { level: 2 })).toHaveText(
      new RegExp(first.attributes.bill_of_lading_number),
    )
    await expect(widget).not.toContainText(second.attributes.bill_of_lading_number)
    await expect(widget.locator('section.widget')).toHaveAttribute('data-scheme', 'dark')
    expect(
      await widget.locator('section.widget').evaluate((el) => getComputedStyle(el).backgroundColor),
    ).toBe('rgb(22, 27, 34)')
    const axe = await new AxeBuilder({ page }).include('quayside-tracking').analyze()
    expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])
    await input.fill('NOTTRACKED0000')
    await input.press('Enter')
    await expect(widget.getByRole('status')).toHaveText('No shipment with this number is being tracked.')
  })

  test('a revoked token shows a clear message', async ({ page, request, baseURL }) => {
    const [first] = await someShipments(request, baseURL!, 1)
    const { id, token } = await createToken(request, baseURL!, [first.id], host.origin)
    const url = host.show(`<quayside-tracking token="${token}" locale="es"></quayside-tracking>`)
    await page.goto(url)
    await expect(page.locator('#events')).toContainText('quayside:loaded')
    const revoke = await request.post(`${baseURL}/v2/embed_tokens/${id}/revoke`, { headers: auth })
    expect(revoke.status()).toBe(200)
    await page.goto(url)
    await expect(page.locator('quayside-tracking').getByRole('alert')).toHaveText(
      'Su propietario ha revocado este enlace de seguimiento.',
    )
    await expect(page.locator('#events')).toContainText('quayside:error {"code":"revoked"')
  })

  test('a site the token does not list is refused, by the API and by the iframe', async ({
    page,
    request,
    baseURL,
  }) => {
    const [first] = await someShipments(request, baseURL!, 1)
    const { token } = await createToken(request, baseURL!, [first.id], host.origin)
    await page.goto(stranger.show(`<quayside-tracking token="${token}"></quayside-tracking>`))
    await expect(page.locator('quayside-tracking').getByRole('alert')).toHaveText(
      'This site is not allowed to show this tracking.',
    )
    await expect(page.locator('quayside-tracking')).not.toContainText(first.attributes.bill_of_lading_number)

    const frame = `<iframe title="Tracking" src="${baseURL}/embed/frame?token=${token}&view=summary"></iframe>`
    await page.goto(stranger.show(frame))
    // frame-ancestors: the browser refuses to show the page in a frame on this site
    await expect.poll(() => page.frames().map((f) => f.url())).toContain('chrome-error://chromewebdata/')
    await expect(page.frameLocator('iframe').locator('quayside-tracking')).toHaveCount(0)
    await page.goto(host.show(frame))
    const framed = page.frameLocator('iframe').locator('quayside-tracking')
    await expect(framed.getByRole('heading', { level: 2 })).toContainText(
      first.attributes.bill_of_lading_number,
    )
    // the frame tells its listed parent how tall it is, and the parent sizes it to fit
    await expect(page.locator('#events')).toContainText('height ')
    await expect.poll(async () => (await page.locator('iframe').boundingBox())!.height).toBeGreaterThan(120)
  })
})

test('the admin page creates a token with snippets and a live preview, lists its use, and revoking it stops the preview', async ({
  page,
  request,
  baseURL,
}) => {
  const [first] = await someShipments(request, baseURL!, 1)
  const number = first.attributes.bill_of_lading_number
  await page.goto('/settings/embeds')
  await expect(page.getByRole('heading', { name: 'Customer embeds' })).toBeVisible()
  await page.getByRole('textbox', { name: 'Name' }).fill('Acme portal')
  await page.getByLabel('Bills of lading').fill(number)
  await page.getByLabel('Fees (demurrage and others)').check()
  await page.getByLabel('Sites that may show it').fill('https://portal.example.com')
  await page.getByRole('button', { name: 'Create token' }).click()

  await expect(page.getByRole('heading', { name: '“Acme portal” is ready' })).toBeVisible()
  const token = await page.getByLabel('The new token').inputValue()
  expect(token).toMatch(/^qse_/)
  await expect(page.getByLabel('For a page that runs scripts')).toHaveValue(new RegExp(`token="${token}"`))
  await expect(page.getByLabel('For a page that can only frame')).toHaveValue(/\/embed\/frame\?token=/)
  const preview = page.locator('quayside-tracking')
  await expect(preview.getByRole('heading', { level: 2 })).toContainText(number)

  const table = page.getByRole('table', { name: 'Embed tokens' })
  const row = table.getByRole('row').filter({ hasText: 'Acme portal' })
  await expect(row).toContainText('https://portal.example.com')
  // the preview's own loads are counted as uses
  await expect(row.getByRole('cell').nth(6)).not.toHaveText('0', { timeout: 15_000 })
  await row.getByRole('button', { name: /^Revoke Acme portal/ }).click()
  await expect(row).toContainText('Revoked')
  await expect(preview.getByRole('alert')).toHaveText('This tracking link has been revoked by its owner.')
  await expect(preview).not.toContainText(number)

  const axe = await new AxeBuilder({ page }).analyze()
  const serious = axe.violations.filter((v) => ['serious', 'critical'].includes(v.impact ?? ''))
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([])
})
