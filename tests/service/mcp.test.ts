import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { containerStateOf } from '../../src/contract/container-state'
import { DATABASE_KINDS } from '../support/databases'
import { KEY, OTHER_KEY, READ_KEY, type Service, startService } from './harness'
import { callTool, httpClient } from './mcp-client'

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
    const track = await callTool(readOnly, 'track_container', { number: 'MSCU1234566' })
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
    const requests = await service.get('/v2/tracking_requests?filter[request_number]=MSCU1234566')
    expect(requests.body.data).toEqual([])
    // the same key reads
    expect((await callTool(readOnly, 'get_container', { id: api.id })).isError).toBe(false)
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
      expect(response.headers.get('www-authenticate')).toMatch(/^Bearer realm="quayside"/)
      const body = await response.json()
      expect(body.errors[0].code).toBe('unauthorized')
    }
  })
})
