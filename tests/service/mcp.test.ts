import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { containerStateOf } from '../../src/contract/container-state'
import { demurrageFor } from '../../src/contract/demurrage'
import { DATABASE_KINDS } from '../support/databases'
import { personWithKey } from '../support/role-callers'
import { KEY, OTHER_KEY, READ_KEY, type Service, startService } from './harness'
import { callTool, httpClient } from './mcp-client'

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

const TOOLS = {
  search_container: true,
  get_container: true,
  get_shipment_details: true,
  get_container_transport_events: true,
  get_supported_shipping_lines: true,
  get_container_route: true,
  list_shipments: true,
  list_containers: true,
  list_tracking_requests: true,
  track_container: false,
  get_board: true,
  get_cost_projection: true,
  list_documents_for_container: true,
  list_vessels: true,
  set_custom_field: false,
  list_alert_rules: true,
  create_alert_rule: false,
}

describe.each(DATABASE_KINDS)('the MCP server over Streamable HTTP on %s', (kind) => {
  let service: Service
  let client: Client
  let readOnly: Client
  let other: Client
  const now = () => service.clock.now()
  const firstIn = async (tab: string) =>
    (await service.get(`/v2/containers?filter[tab]=${tab}&page[size]=1`)).body.data[0]

  beforeAll(async () => {
    service = await startService(kind, { gateway: true, readDocuments: true })
    client = await httpClient(service.baseUrl, KEY)
    readOnly = await httpClient(service.baseUrl, READ_KEY, 'Token')
    other = await httpClient(service.baseUrl, OTHER_KEY)
  })
  afterAll(async () => {
    await Promise.all([client?.close(), readOnly?.close(), other?.close()])
    await service?.stop()
  })

  it('lists its tools with read-only annotations, its prompts and its resources', async () => {
    const { tools } = await client.listTools()
    expect(Object.fromEntries(tools.map((t) => [t.name, t.annotations?.readOnlyHint]))).toEqual(TOOLS)
    for (const tool of tools) expect(tool.annotations?.openWorldHint, tool.name).toBe(false)
    const { prompts } = await client.listPrompts()
    expect(prompts.map((p) => p.name).sort()).toEqual([
      'analyze_delays',
      'check_demurrage',
      'prepare_the_day',
      'track_shipment',
    ])
    const { resourceTemplates } = await client.listResourceTemplates()
    expect(resourceTemplates.map((r) => r.uriTemplate).sort()).toEqual([
      'quayside://containers/{id}',
      'quayside://shipments/{id}',
    ])
    const { resources } = await client.listResources()
    expect(resources.map((r) => r.uri)).toEqual(['quayside://glossary'])
  })

  it('reads its resources and fills its prompts', async () => {
    const api = await firstIn('on_hold')
    const read = async (uri: string) =>
      JSON.parse(((await client.readResource({ uri })).contents[0] as { text: string }).text)
    const container = await read(`quayside://containers/${api.id}`)
    expect(container.state).toBe(containerStateOf(api.attributes, now()))
    const shipmentId = api.relationships.shipment.data.id
    const shipment = await read(`quayside://shipments/${shipmentId}`)
    expect(shipment.containers.map((c: { id: string }) => c.id)).toContain(api.id)
    const glossary = (
      (await client.readResource({ uri: 'quayside://glossary' })).contents[0] as { text: string }
    ).text
    for (const words of [
      'Overdue, on hold',
      'customs hold',
      'Vessel arrived',
      'an estimate, not a milestone',
    ])
      expect(glossary).toContain(words)
    await expect(client.readResource({ uri: 'quayside://containers/MSCU1234566' })).rejects.toThrow(
      /No container/,
    )
    const prompt = await client.getPrompt({
      name: 'check_demurrage',
      arguments: { container: api.attributes.number },
    })
    const text = (prompt.messages[0].content as { text: string }).text
    expect(text).toContain(api.attributes.number)
    expect(text).toMatch(/get_cost_projection/)
    expect(text).toMatch(/do not call it urgent/)
    const day = await client.getPrompt({ name: 'prepare_the_day', arguments: {} })
    expect((day.messages[0].content as { text: string }).text).toMatch(/get_board/)
  })

  it('says a container as the API has it: the contract state, by id and by number', async () => {
    const api = await firstIn('overdue')
    const byId = await callTool(client, 'get_container', { id: api.id })
    expect(byId.isError).toBe(false)
    const view = byId.data.container as Record<string, unknown>
    expect(view.state).toBe(containerStateOf(api.attributes, now()))
    expect(view.number).toBe(api.attributes.number)
    expect(byId.text).toContain(api.attributes.number)
    const byNumber = await callTool(client, 'get_container', { id: api.attributes.number.toLowerCase() })
    expect((byNumber.data.container as { id: string }).id).toBe(api.id)
  })

  it('answers every read tool as the /v2 API does', async () => {
    const container = await firstIn('overdue')
    const shipmentId = container.relationships.shipment.data.id
    const number = container.attributes.number as string
    const ids = (body: { data: { id: string }[] }) => body.data.map((r) => r.id)

    const search = await callTool(client, 'search_container', { query: number })
    expect((search.data.containers as { id: string }[]).map((c) => c.id)).toContain(container.id)

    const shipment = await callTool(client, 'get_shipment_details', { id: shipmentId })
    const apiShipment = (await service.get(`/v2/shipments/${shipmentId}`)).body.data
    expect((shipment.data.containers as { id: string }[]).map((c) => c.id).sort()).toEqual(
      apiShipment.relationships.containers.data.map((c: { id: string }) => c.id).sort(),
    )

    const events = await callTool(client, 'get_container_transport_events', { id: container.id })
    const apiEvents = (await service.get(`/v2/containers/${container.id}/transport_events`)).body.data
    const happened = apiEvents.filter(
      (e: { attributes: { event: string; timestamp: string } }) =>
        !e.attributes.event.includes('.estimated.') && Date.parse(e.attributes.timestamp) <= now().getTime(),
    )
    expect(events.data.total_events).toBe(happened.length)

    const route = await callTool(client, 'get_container_route', { id: number })
    const apiRoute = (await service.get(`/v2/containers/${container.id}/route`)).body.data.attributes
    expect((route.data.ports as { locode: string }[]).map((p) => p.locode)).toEqual(
      apiRoute.ports.map((p: { locode: string }) => p.locode),
    )

    const shipments = await callTool(client, 'list_shipments', { page_size: 5 })
    const apiShipments = (await service.get('/v2/shipments?page[size]=5')).body
    expect((shipments.data.items as { id: string }[]).map((s) => s.id)).toEqual(ids(apiShipments))
    expect(shipments.data.total).toBe(apiShipments.meta.total)

    for (const tab of ['overdue', 'on_hold', 'available']) {
      const listed = await callTool(client, 'list_containers', { tab, page_size: 100 })
      const api = (await service.get(`/v2/containers?filter[tab]=${tab}&page[size]=100`)).body
      expect(
        (listed.data.items as { id: string }[]).map((c) => c.id),
        tab,
      ).toEqual(ids(api))
    }

    const requests = await callTool(client, 'list_tracking_requests', { page_size: 10 })
    expect((requests.data.items as { id: string }[]).map((t) => t.id)).toEqual(
      ids((await service.get('/v2/tracking_requests?page[size]=10')).body),
    )

    const lines = await callTool(client, 'get_supported_shipping_lines', {})
    expect(lines.data.total_lines).toBe((await service.get('/v2/shipping_lines')).body.data.length)
    const msc = await callTool(client, 'get_supported_shipping_lines', { search: 'mscu' })
    expect((msc.data.shipping_lines as { scac: string }[]).map((l) => l.scac)).toContain('MSCU')

    const board = await callTool(client, 'get_board', { top: 3 })
    const apiCounts = (await service.get('/v2/containers?counts=tabs&page[size]=1')).body.meta.tab_counts
    expect(board.data.tab_counts).toEqual(apiCounts)
    const overdueTab = (board.data.tabs as { tab: string; containers: { state: string }[] }[]).find(
      (t) => t.tab === 'overdue',
    )!
    for (const c of overdueTab.containers) expect(c.state).toMatch(/^overdue/)

    const vessels = await callTool(client, 'list_vessels', {})
    expect((vessels.data.vessels as { id: string }[]).map((v) => v.id)).toEqual(
      ids((await service.get('/v2/vessels?filter[carrying]=active')).body),
    )
  })

  it('lists the documents of a container and its shipment with the value read and where', async () => {
    const docs = (await service.get('/v2/documents?page[size]=100')).body.data as {
      id: string
      relationships: { shipments: { data: { id: string }[] } }
    }[]
    const linked = docs.find((d) => d.relationships.shipments.data.length > 0)!
    const shipmentId = linked.relationships.shipments.data[0].id
    const shipment = (await service.get(`/v2/shipments/${shipmentId}`)).body.data
    const containerId = shipment.relationships.containers.data[0].id
    const answer = await callTool(client, 'list_documents_for_container', { id: containerId })
    const expected = new Set<string>()
    for (const filter of [`filter[container_id]=${containerId}`, `filter[shipment_id]=${shipmentId}`])
      for (const d of (await service.get(`/v2/documents?${filter}&page[size]=50`)).body.data)
        expected.add(d.id)
    const documents = answer.data.documents as { id: string; values: { page: number; read_from: string }[] }[]
    expect(documents.map((d) => d.id).sort()).toEqual([...expected].sort())
    const read = documents.find((d) => d.id === linked.id)!
    expect(read.values.length).toBeGreaterThan(0)
    for (const value of read.values) {
      expect(value.page).toBeGreaterThan(0)
      expect(value.read_from).toBeTruthy()
    }
  })

  it('projects demurrage as the contract prices it, and prices nothing on hold', async () => {
    const overdue = await firstIn('overdue')
    const terminalId = overdue.relationships.pod_terminal.data.id
    const terminal = (await service.get(`/v2/terminals/${terminalId}`)).body.data.attributes
    const today = new Date(now()).toISOString().slice(0, 10)
    const answer = await callTool(client, 'get_cost_projection', {
      id: overdue.id,
      pickup_date: addDays(today, 2),
    })
    const demurrage = answer.data.demurrage as { amount: number | null; days_past_lfd: number }
    const lfdDay = (answer.data as { state: string }).state && overdue.attributes.pickup_lfd
    expect(lfdDay).toBeTruthy()
    if (terminal.demurrage_tariff?.tiers?.length) {
      const other = (overdue.attributes.fees_at_pod_terminal ?? [])
        .filter((f: { type: string }) => f.type !== 'demurrage' && f.type !== 'total')
        .reduce((sum: number, f: { amount: number }) => sum + f.amount, 0)
      expect(demurrage.amount).toBe(
        demurrageFor(demurrage.days_past_lfd, terminal.demurrage_tariff.tiers) + other,
      )
      expect(demurrage.days_past_lfd).toBeGreaterThanOrEqual(3)
    }
    const held = await firstIn('on_hold')
    const onHold = await callTool(client, 'get_cost_projection', { id: held.id })
    expect((onHold.data.demurrage as { amount: null }).amount).toBeNull()
    expect(onHold.text).toMatch(/No price while a hold blocks pickup: .* must clear first/)
    const past = await callTool(client, 'get_cost_projection', { id: overdue.id, pickup_date: '2020-01-01' })
    expect(past.isError).toBe(true)
    expect(past.text).toMatch(/has passed/)
  })

  it('tracks one number and sets a custom field with a key that writes, and refuses "everything"', async () => {
    const tracked = await callTool(client, 'track_container', { number: 'MSCU1234566', scac: 'MSCU' })
    expect(tracked.isError).toBe(false)
    const api = (await service.get('/v2/tracking_requests?filter[request_number]=MSCU1234566')).body.data
    const requestId = (tracked.data.tracking_request as { id: string }).id
    expect(api.map((t: { id: string }) => t.id)).toEqual([requestId])
    // the audit trail says who and from where, as for a change made on /v2
    const audit = (await service.get(`/v2/audit_events?filter[target_id]=${requestId}`)).body.data
    expect(audit[0].attributes).toMatchObject({
      action: 'tracking_request.created',
      via: 'api',
      address: '127.0.0.1',
    })
    for (const number of [undefined, '', 'everything', 'all my containers', '*', 'MSCU1234566, MSCU7654321'])
      expect((await callTool(client, 'track_container', { number })).isError, String(number)).toBe(true)

    const container = await firstIn('available')
    const set = await callTool(client, 'set_custom_field', {
      entity: 'container',
      id: container.attributes.number,
      api_slug: 'needs_exam',
      value: true,
    })
    expect(set.isError).toBe(false)
    const fields = (await service.get(`/v2/containers/${container.id}/custom_fields`)).body.data
    expect(
      fields.find((f: { attributes: { api_slug: string } }) => f.attributes.api_slug === 'needs_exam')
        .attributes.value,
    ).toBe(true)
    const wrong = await callTool(client, 'set_custom_field', {
      entity: 'container',
      id: container.id,
      api_slug: 'needs_exam',
      value: 'maybe',
    })
    expect(wrong.isError).toBe(true)
  })

  it('makes and lists alert rules as /v2/alert_rules has them, and never shows a rule’s chat webhook', async () => {
    const made = await callTool(client, 'create_alert_rule', {
      name: 'Assistant: LFD in 3 days',
      condition: 'lfd_within',
      days: 3,
      recipient_emails: ['ops@example.com'],
      channels: ['in_app', 'email'],
    })
    expect(made.isError, made.text).toBe(false)
    const id = (made.data.rule as { id: string }).id
    const api = (await service.get(`/v2/alert_rules/${id}`)).body.data
    expect(api.attributes).toMatchObject({
      name: 'Assistant: LFD in 3 days',
      condition: { kind: 'lfd_within', days: 3 },
      recipient_emails: ['ops@example.com'],
    })
    const chat = await service.call('PATCH', `/v2/alert_rules/${id}`, {
      body: JSON.stringify({
        data: {
          type: 'alert_rule',
          attributes: {
            channels: ['chat'],
            chat_webhook_url: 'https://hooks.slack.com/services/T0/B0/secretpart',
          },
        },
      }),
    })
    expect(chat.status, JSON.stringify(chat.body)).toBe(200)
    const listed = await callTool(client, 'list_alert_rules', {})
    expect(listed.isError).toBe(false)
    expect(listed.text).toContain('Assistant: LFD in 3 days')
    const all = (await service.get('/v2/alert_rules?page[size]=100')).body.data as { id: string }[]
    expect((listed.data.rules as { id: string }[]).map((r) => r.id).sort()).toEqual(
      all.map((r) => r.id).sort(),
    )
    expect(JSON.stringify(listed)).not.toContain('secretpart')
  })

  it('another account’s container is not found, by id or by number', async () => {
    const api = await firstIn('overdue')
    for (const id of [api.id, api.attributes.number]) {
      const answer = await callTool(other, 'get_container', { id })
      expect(answer.isError).toBe(true)
      expect(answer.text).toMatch(/^No container .* in this account\. .*track_container/)
      expect(answer.text).not.toContain(api.attributes.pickup_lfd ?? 'never')
    }
    const search = await callTool(other, 'search_container', { query: api.attributes.number })
    expect(search.data.total_results).toBe(0)
  })

  it('a read-only key is refused on writes, in words, and nothing is written', async () => {
    const api = await firstIn('available')
    const track = await callTool(readOnly, 'track_container', { number: 'TGHU7654320' })
    expect(track.isError).toBe(true)
    expect(track.text).toMatch(/read-only/)
    const field = await callTool(readOnly, 'set_custom_field', {
      entity: 'container',
      id: api.id,
      api_slug: 'needs_exam',
      value: true,
    })
    expect(field.isError).toBe(true)
    expect(field.text).toMatch(/read-only/)
    const rule = await callTool(readOnly, 'create_alert_rule', { name: 'LFD soon', condition: 'lfd_within' })
    expect(rule.isError).toBe(true)
    expect(rule.text).toMatch(/read-only/)
    const requests = await service.get('/v2/tracking_requests?filter[request_number]=TGHU7654320')
    expect(requests.body.data).toEqual([])
    // the same key reads
    expect((await callTool(readOnly, 'get_container', { id: api.id })).isError).toBe(false)
  })

  it('a customer’s key sees its own party only, as /v2 shows it', async () => {
    const shipments = (await service.get('/v2/shipments?page[size]=100')).body.data as {
      id: string
      relationships: { customer: { data: { id: string } | null }; containers: { data: { id: string }[] } }
    }[]
    const withParty = shipments.filter(
      (s) => s.relationships.customer.data && s.relationships.containers.data.length,
    )
    const own = withParty[0]
    const other = withParty.find(
      (s) => s.relationships.customer.data!.id !== own.relationships.customer.data!.id,
    )!
    const accountId = (await service.get('/v2/account')).body.data.id
    const person = await personWithKey(service.storage, accountId, 'customer', {
      partyId: own.relationships.customer.data!.id,
    })
    const customer = await httpClient(service.baseUrl, person.token)
    try {
      const listed = await callTool(customer, 'list_containers', { page_size: 100 })
      const api = (await service.get('/v2/containers?page[size]=100', person.token)).body.data
      expect((listed.data.items as { id: string }[]).map((c) => c.id)).toEqual(
        api.map((c: { id: string }) => c.id),
      )
      expect(api.length).toBeGreaterThan(0)
      const theirs = await callTool(customer, 'get_container', {
        id: other.relationships.containers.data[0].id,
      })
      expect(theirs.isError).toBe(true)
      expect(theirs.text).toMatch(/^No container /)
      const board = await callTool(customer, 'get_board', {})
      expect(board.data.tab_counts).toEqual(
        (await service.get('/v2/containers?counts=tabs&page[size]=1', person.token)).body.meta.tab_counts,
      )
      const track = await callTool(customer, 'track_container', { number: 'TGHU7654320' })
      expect(track.isError).toBe(true)
      expect(track.text).toMatch(/^Not allowed: .*customer/)
    } finally {
      await customer.close()
    }
  })

  it('answers 401 with a challenge and a JSON:API error without a key, and takes Token or Bearer', async () => {
    for (const authorization of [undefined, 'Bearer nope-not-a-key', 'Basic abc']) {
      const response = await fetch(`${service.baseUrl}/mcp`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
          ...(authorization ? { Authorization: authorization } : {}),
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      })
      expect(response.status).toBe(401)
      expect(response.headers.get('www-authenticate')).toMatch(
        /^Bearer resource_metadata="http[^"]+\/.well-known\/oauth-protected-resource"/,
      )
      const body = await response.json()
      expect(body.errors[0].code).toBe('unauthorized')
    }
    // whatever a client tries first, it learns how to sign in
    const probe = await fetch(`${service.baseUrl}/mcp`, { headers: { Accept: 'text/event-stream' } })
    expect(probe.status).toBe(401)
    expect(probe.headers.get('www-authenticate')).toMatch(
      /^Bearer resource_metadata="http[^"]+\/.well-known\/oauth-protected-resource"/,
    )
  })
})
