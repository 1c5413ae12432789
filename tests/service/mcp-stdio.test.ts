import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DATABASE_KINDS } from '../support/databases'
import { KEY, OTHER_KEY, READ_KEY, type Service, startService } from './harness'
import { callTool, httpClient, stdioClient } from './mcp-client'

describe.each(DATABASE_KINDS)('quayside-mcp over stdio against a running service on %s', (kind) => {
  let service: Service
  let stdio: Awaited<ReturnType<typeof stdioClient>>
  let http: Client

  beforeAll(async () => {
    service = await startService(kind, { gateway: true })
    stdio = await stdioClient(service.baseUrl, KEY)
    http = await httpClient(service.baseUrl, KEY)
  })
  afterAll(async () => {
    await Promise.all([stdio?.client.close(), http?.close()])
    await service?.stop()
  })

  it('lists the same tools, prompts and resources as /mcp', async () => {
    const names = async (client: Client) => ({
      tools: (await client.listTools()).tools.map((t) => t.name),
      prompts: (await client.listPrompts()).prompts.map((p) => p.name),
      templates: (await client.listResourceTemplates()).resourceTemplates.map((r) => r.uriTemplate),
      resources: (await client.listResources()).resources.map((r) => r.uri),
    })
    const overStdio = await names(stdio.client)
    expect(overStdio.tools).toHaveLength(17)
    expect(overStdio).toEqual(await names(http))
  })

  it('answers as /mcp does, reading the API with its own key, which it never prints', async () => {
    const container = (await service.get('/v2/containers?filter[tab]=overdue&page[size]=1')).body.data[0]
    const overStdio = await callTool(stdio.client, 'get_container', { id: container.attributes.number })
    const overHttp = await callTool(http, 'get_container', { id: container.attributes.number })
    expect(overStdio.isError).toBe(false)
    expect(overStdio.data).toEqual(overHttp.data)
    const board = await callTool(stdio.client, 'get_board', {})
    expect(board.data.tab_counts).toEqual(
      (await service.get('/v2/containers?counts=tabs&page[size]=1')).body.meta.tab_counts,
    )
    const glossary = await stdio.client.readResource({ uri: 'quayside://glossary' })
    expect((glossary.contents[0] as { text: string }).text).toContain('Overdue')
    expect(stdio.stderr.join('')).not.toContain(KEY)
    expect(stdio.stderr.join('')).toContain('serving on stdio')
  })

  it('is refused on writes with a read-only key, and finds nothing of another account', async () => {
    const container = (await service.get('/v2/containers?filter[tab]=available&page[size]=1')).body.data[0]
    const readOnly = await stdioClient(service.baseUrl, READ_KEY)
    const other = await stdioClient(service.baseUrl, OTHER_KEY)
    try {
      const track = await callTool(readOnly.client, 'track_container', { number: 'CAIU2885402' })
      expect(track.isError).toBe(true)
      expect(track.text).toMatch(/read-only/)
      const lost = await callTool(other.client, 'get_container', { id: container.id })
      expect(lost.isError).toBe(true)
      expect(lost.text).toMatch(/^No container /)
    } finally {
      await Promise.all([readOnly.client.close(), other.client.close()])
    }
  })
})
