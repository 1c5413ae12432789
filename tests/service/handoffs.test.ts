import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ContainerBoardDocumentSchema } from '../../src/contract/container-board'
import { containerStateOf } from '../../src/contract/container-state'
import { ContainerDocumentSchema } from '../../src/contract/containers'
import { HandoffDocumentSchema } from '../../src/contract/handoffs'
import { TransportEventListDocumentSchema } from '../../src/contract/transport-events'
import { DATABASE_KINDS } from '../support/databases'
import { KEY, NOW, OTHER_KEY, parsed, READ_KEY, type Service, startService } from './harness'

const DAY = 86_400_000
const expiry = (days: number) => new Date(NOW.getTime() + days * DAY).toISOString()
const create = (attributes: Record<string, unknown>) =>
  JSON.stringify({ data: { type: 'handoff', attributes } })

describe.each(DATABASE_KINDS)('the trucker’s handoff link, on %s', (kind) => {
  let service: Service
  let containerId: string
  let otherId: string
  beforeAll(async () => {
    service = await startService(kind, { shipments: 30, gateway: true })
    const ids: string[] = []
    for (const tab of ['available', 'on_hold', 'overdue']) {
      const board = await service.get(`/v2/containers?filter[tab]=${tab}&page[size]=3`)
      ids.push(...parsed(ContainerBoardDocumentSchema, board.body).data.map((c) => c.id))
    }
    ;[containerId, otherId] = ids
  })
  afterAll(() => service?.stop())

  /** The engine reads the shipment again on its next tick, whatever its plan says comes next. */
  const dueNow = async (id: string) => {
    const row = await service.storage.containers.get(
      (await service.storage.apiKeys.authenticate(KEY, NOW))!.accountId,
      id,
    )
    await service.storage.tracking.updateShipment(row!.shipment_id, { next_update_at: new Date(0) })
  }

  const page = (path: string, init: RequestInit = {}) =>
    fetch(`${service.baseUrl}${path}`, { redirect: 'manual', ...init })
  const confirmForm = (token: string, step: string, id = containerId, origin = service.baseUrl) =>
    page(`/handoff/${token}/confirm`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin },
      body: new URLSearchParams({ step, container_id: id }).toString(),
    })
  const container = async (id: string) =>
    parsed(ContainerDocumentSchema, (await service.get(`/v2/containers/${id}`)).body).data.attributes
  const events = async (id: string) =>
    parsed(
      TransportEventListDocumentSchema,
      (await service.get(`/v2/containers/${id}/transport_events`)).body,
    ).data
  const makeLink = async (attributes: Record<string, unknown> = {}) => {
    const response = await service.call('POST', `/v2/containers/${containerId}/handoffs`, {
      body: create({ expires_at: expiry(3), ...attributes }),
    })
    expect(response.status, JSON.stringify(response.body)).toBe(201)
    return parsed(HandoffDocumentSchema, response.body).data
  }

  it('is made by an operator, shown once, and only for a container of the caller’s account', async () => {
    const made = await makeLink()
    expect(made.attributes.token).toMatch(/^qsh_/)
    expect(made.attributes.url).toBe(`${service.baseUrl}/handoff/${made.attributes.token}`)
    expect(made.attributes.container_ids).toEqual([containerId])
    const listed = await service.get(`/v2/containers/${containerId}/handoffs`)
    expect(listed.body.data[0].attributes.token).toBeUndefined()
    expect(listed.body.data[0].attributes.token_prefix).toBe(made.attributes.token!.slice(0, 12))

    const viewer = await service.call('POST', `/v2/containers/${containerId}/handoffs`, {
      key: READ_KEY,
      body: create({ expires_at: expiry(1) }),
    })
    expect(viewer.status).toBe(403)
    const theirs = await service.call('POST', `/v2/containers/${containerId}/handoffs`, {
      key: OTHER_KEY,
      body: create({ expires_at: expiry(1) }),
    })
    expect(theirs.status).toBe(404)
    const tooLong = await service.call('POST', `/v2/containers/${containerId}/handoffs`, {
      body: create({ expires_at: expiry(31) }),
    })
    expect(tooLong.status).toBe(422)
    expect(tooLong.body.errors[0].source.pointer).toBe('/data/attributes/expires_at')
  })

  it('opens signed out as a page with no script, every value escaped', async () => {
    await service.call('PATCH', '/v2/containers', {
      body: JSON.stringify({
        data: {
          type: 'container',
          id: containerId,
          attributes: { pickup_appointment_at: '2026-11-23T15:30:00Z' },
        },
      }),
    })
    const made = await makeLink({ note: '<script>alert(1)</script> gate 4' })
    const response = await page(`/handoff/${made.attributes.token}`)
    expect(response.status).toBe(200)
    const csp = response.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("default-src 'none'")
    expect(csp).not.toContain('script-src')
    // no-referrer would make a browser's own form post say Origin: null, which the confirmation refuses
    expect(response.headers.get('referrer-policy')).toBe('same-origin')
    const html = await response.text()
    const number = (await container(containerId)).number
    expect(html).toContain(number)
    expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62; gate 4')
    expect(html).not.toContain('<script')
    expect(html).toMatch(/Pickup appointment<\/th><td>Nov 23, 2026/)
    expect(html).toContain('Confirm pickup')
  })

  it('records a confirmed pickup once, as the trucker’s event, and the engine keeps it', async () => {
    const made = await makeLink()
    const token = made.attributes.token!
    const first = await confirmForm(token, 'pickup')
    expect(first.status).toBe(303)
    expect(first.headers.get('location')).toBe(`/handoff/${token}?confirmed=pickup`)
    expect((await confirmForm(token, 'pickup')).status).toBe(303)

    const a = await container(containerId)
    expect(a.pod_full_out_at ?? a.final_destination_full_out_at).toBe(NOW.toISOString().replace('.000Z', 'Z'))
    // the trucker's pickup starts the empty's free time, as any pickup does
    expect(a.empty_return_deadline).toBeTruthy()
    expect(containerStateOf(a, NOW)).toBe('empty_due')
    const timeline = await events(containerId)
    const byTrucker = timeline.filter((e) => e.attributes.data_source === 'trucker')
    expect(byTrucker.map((e) => e.attributes.event)).toEqual(['container.transport.full_out'])
    // the actual pickup supersedes the appointment's estimate
    expect(timeline.some((e) => e.attributes.event === 'container.transport.estimated.full_out')).toBe(false)

    const audit = await service.get(`/v2/audit_events?page[size]=100&filter[target_id]=${containerId}`)
    const confirmations = (
      audit.body.data as { attributes: { action: string; actor_name?: string } }[]
    ).filter((e) => e.attributes.action === 'container.pickup_confirmed')
    expect(confirmations).toHaveLength(1)
    expect(JSON.stringify(confirmations[0])).toContain(`trucker (${made.attributes.token_prefix})`)

    service.advance(60 * 60_000)
    await dueNow(containerId)
    await service.engine({ newId: randomUUID }).tick()
    expect(containerStateOf(await container(containerId), new Date(NOW.getTime() + 3_600_000))).toBe(
      'empty_due',
    )
  })

  it('confirms an empty return by JSON, once, and refuses another site, another container and bad input', async () => {
    const made = await makeLink()
    const token = made.attributes.token!
    const json = (body: unknown, origin = service.baseUrl) =>
      page(`/handoff/${token}/confirm`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: origin },
        body: JSON.stringify(body),
      })
    const first = await json({ step: 'empty_return', container_id: containerId })
    expect(first.status).toBe(200)
    expect((await first.json()).data.attributes.confirmed_now).toBe(true)
    const again = await json({ step: 'empty_return', container_id: containerId })
    expect((await again.json()).data.attributes.confirmed_now).toBe(false)
    expect(containerStateOf(await container(containerId), NOW)).toBe('empty_returned')

    expect((await json({ step: 'pickup', container_id: containerId }, 'https://evil.example')).status).toBe(
      403,
    )
    expect((await confirmForm(token, 'pickup', otherId)).status).toBe(404)
    const bad = await json({ step: 'teleport', container_id: containerId })
    expect(bad.status).toBe(422)
    expect((await bad.json()).errors[0].source.pointer).toBe('/step')
  })

  it('answers 410 with a clear page once revoked or expired, and 404 for a token it does not know', async () => {
    const revoked = await makeLink()
    const answer = await service.call('POST', `/v2/handoffs/${revoked.id}/revoke`)
    expect(answer.status).toBe(200)
    expect(answer.body.data.attributes.state).toBe('revoked')
    const gone = await page(`/handoff/${revoked.attributes.token}`)
    expect(gone.status).toBe(410)
    expect(await gone.text()).toContain('The dispatcher has revoked it.')
    expect((await confirmForm(revoked.attributes.token!, 'pickup')).status).toBe(410)

    const expiring = await makeLink({ expires_at: expiry(1) })
    service.advance(2 * DAY)
    const expired = await page(`/handoff/${expiring.attributes.token}`)
    expect(expired.status).toBe(410)
    expect(await expired.text()).toContain('It has expired.')
    expect((await page('/handoff/qsh_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404)
  })
})
