import AxeBuilder from '@axe-core/playwright'
import { type APIRequestContext, expect, test } from '@playwright/test'
import { EmbedWidget } from './pages/embed-widget'
import { EmbedsPage } from './pages/embeds-page'
import { DEMO_KEY } from './support/connected-servers'
import { startEmbedHost } from './support/embed-host-page'

const KEY = DEMO_KEY
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
    const embed = new EmbedWidget(page)
    const widget = embed.element
    await expect(embed.events()).toContainText('quayside:loaded {"count":2}')
    await expect(embed.shipments()).toHaveCount(2)
    for (const shown of [first, second])
      await expect(embed.shipment(shown.attributes.bill_of_lading_number)).toBeVisible()
    for (const hidden of others)
      await expect(widget).not.toContainText(hidden.attributes.bill_of_lading_number)

    // the host's rules stop at the shadow root; its custom properties and ::part() come in, as intended
    const heading = embed.shipments().first()
    expect(await heading.evaluate((el) => getComputedStyle(el).color)).not.toBe('rgb(255, 0, 0)')
    expect(await heading.evaluate((el) => getComputedStyle(el).fontFamily)).not.toContain('monospace')
    const link = heading.getByRole('button')
    expect(await link.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(0, 128, 0)')
    expect(await embed.root().evaluate((el) => getComputedStyle(el).borderTopColor)).toBe('rgb(0, 0, 255)')

    // keyboard: tab to a container, open its timeline; the element grows with its content
    const before = (await widget.boundingBox())!.height
    expect(before).toBeGreaterThan(100)
    const toggle = embed.timelineToggle()
    await toggle.focus()
    await page.keyboard.press('Enter')
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await expect(embed.events()).toContainText('quayside:select {"type":"container"')
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
    const embed = new EmbedWidget(page)
    await embed.track(first.attributes.bill_of_lading_number)
    await expect(embed.shipments()).toHaveText(new RegExp(first.attributes.bill_of_lading_number))
    await expect(embed.element).not.toContainText(second.attributes.bill_of_lading_number)
    await expect(embed.root()).toHaveAttribute('data-scheme', 'dark')
    expect(await embed.root().evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(22, 27, 34)')
    const axe = await new AxeBuilder({ page }).include('quayside-tracking').analyze()
    expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])
    await embed.track('NOTTRACKED0000')
    await expect(embed.status()).toHaveText('No shipment with this number is being tracked.')
  })

  test('a revoked token shows a clear message', async ({ page, request, baseURL }) => {
    const [first] = await someShipments(request, baseURL!, 1)
    const { id, token } = await createToken(request, baseURL!, [first.id], host.origin)
    const url = host.show(`<quayside-tracking token="${token}" locale="es"></quayside-tracking>`)
    await page.goto(url)
    const embed = new EmbedWidget(page)
    await expect(embed.events()).toContainText('quayside:loaded')
    const revoke = await request.post(`${baseURL}/v2/embed_tokens/${id}/revoke`, { headers: auth })
    expect(revoke.status()).toBe(200)
    await page.goto(url)
    await expect(embed.alert()).toHaveText('Su propietario ha revocado este enlace de seguimiento.')
    await expect(embed.events()).toContainText('quayside:error {"code":"revoked"')
  })

  test('a site the token does not list is refused, by the API and by the iframe', async ({
    page,
    request,
    baseURL,
  }) => {
    const [first] = await someShipments(request, baseURL!, 1)
    const { token } = await createToken(request, baseURL!, [first.id], host.origin)
    await page.goto(stranger.show(`<quayside-tracking token="${token}"></quayside-tracking>`))
    const embed = new EmbedWidget(page)
    await expect(embed.alert()).toHaveText('This site is not allowed to show this tracking.')
    await expect(embed.element).not.toContainText(first.attributes.bill_of_lading_number)

    const frame = `<iframe title="Tracking" src="${baseURL}/embed/frame?token=${token}&view=summary"></iframe>`
    await page.goto(stranger.show(frame))
    // frame-ancestors: the browser refuses to show the page in a frame on this site
    await expect.poll(() => page.frames().map((f) => f.url())).toContain('chrome-error://chromewebdata/')
    const framed = new EmbedWidget(page, page.frameLocator('iframe'))
    await expect(framed.element).toHaveCount(0)
    await page.goto(host.show(frame))
    await expect(framed.shipments()).toContainText(first.attributes.bill_of_lading_number)
    // the frame tells its listed parent how tall it is, and the parent sizes it to fit
    await expect(framed.events()).toContainText('height ')
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
  const embeds = new EmbedsPage(page)
  await embeds.open()
  await embeds.createToken({
    name: 'Acme portal',
    billOfLading: number,
    share: 'Fees (demurrage, detention and others)',
    site: 'https://portal.example.com',
  })

  await expect(embeds.ready('Acme portal')).toBeVisible()
  const token = await embeds.newToken().inputValue()
  expect(token).toMatch(/^qse_/)
  await expect(embeds.scriptSnippet()).toHaveValue(new RegExp(`token="${token}"`))
  await expect(embeds.frameSnippet()).toHaveValue(/\/embed\/frame\?token=/)
  const preview = new EmbedWidget(page)
  await expect(preview.shipments()).toContainText(number)

  const row = embeds.row('Acme portal')
  await expect(row).toContainText('https://portal.example.com')
  // the preview's own loads are counted as uses
  await expect(embeds.uses('Acme portal')).not.toHaveText('0', { timeout: 15_000 })
  await embeds.revoke('Acme portal')
  await expect(row).toContainText('Revoked')
  await expect(preview.alert()).toHaveText('This tracking link has been revoked by its owner.')
  await expect(preview.element).not.toContainText(number)

  const axe = await new AxeBuilder({ page }).analyze()
  const serious = axe.violations.filter((v) => ['serious', 'critical'].includes(v.impact ?? ''))
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([])
})
