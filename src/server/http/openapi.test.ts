import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createApp } from '../app'
import { defaultServiceConfig } from '../service-config'
import type { Storage } from '../storage/storage'

type Operation = {
  parameters?: { name: string; in: string; required?: boolean }[]
  requestBody?: { content: Record<string, unknown> }
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>
  security?: unknown[]
}
type Document = {
  openapi: string
  servers: { url: string }[]
  paths: Record<string, Record<string, Operation>>
}

// building the router touches no storage: handlers reach it only when called
const app = createApp({
  storage: {} as Storage,
  clock: { now: () => new Date() },
  fetch,
  random: Math.random,
  config: { ...defaultServiceConfig, publicUrl: 'https://track.example' },
})
const load = async () => (await (await app.request('/v2/openapi.json')).json()) as Document

/** Every operation the router really answers, as `METHOD /path/{param}` under /v2. */
const realRoutes = () =>
  new Set(
    app.routes
      .filter((r) => r.method !== 'ALL' && r.path.startsWith('/v2/') && r.path !== '/v2/openapi.json')
      .map((r) => `${r.method} ${r.path.slice(3).replaceAll(/:(\w+)/g, '{$1}')}`),
  )
const documented = (document: Document) =>
  new Set(
    Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    ),
  )

describe('the OpenAPI document', () => {
  it('describes exactly the routes the router answers, no more and no fewer', async () => {
    const document = await load()
    expect([...documented(document)].sort()).toEqual([...realRoutes()].sort())
  })

  it('lists the shipment list with every query parameter it reads and the contract schema', async () => {
    const list = (await load()).paths['/shipments'].get
    expect(list.parameters?.map((p) => p.name)).toEqual(
      expect.arrayContaining([
        'page[number]',
        'page[size]',
        'include',
        'q',
        'number',
        'filter[tracking_stopped]',
        'filter[shipping_line_scac]',
        'filter[customer_id]',
        'sort',
      ]),
    )
    expect(list.responses[200].content?.['application/vnd.api+json'].schema.properties).toHaveProperty('data')
  })

  it('marks required query parameters and the body a write takes', async () => {
    const document = await load()
    const forecast = document.paths['/vessels/{id}/future_positions_with_coordinates'].get
    expect(forecast.parameters?.filter((p) => p.required).map((p) => `${p.in}:${p.name}`)).toEqual(
      expect.arrayContaining(['query:port_id', 'query:latitude', 'path:id']),
    )
    expect(document.paths['/tracking_requests'].post.requestBody?.content).toHaveProperty(
      'application/vnd.api+json',
    )
    expect(document.paths['/shipments/{id}'].patch.responses).toHaveProperty('409')
  })

  it('lets every PATCH that answers 409 carry data.id, so a body naming another resource is caught', async () => {
    const document = await load()
    const patches = Object.entries(document.paths).flatMap(([path, operations]) =>
      operations.patch?.requestBody ? [[path, operations.patch] as const] : [],
    )
    expect(patches.length).toBeGreaterThan(5)
    for (const [path, patch] of patches) {
      // a slug names a field, not a resource; PATCH /containers names its container in data.id itself
      if (path.endsWith('{api_slug}') || !path.includes('{')) continue
      expect(patch.responses, path).toHaveProperty('409')
      const body = patch.requestBody?.content['application/vnd.api+json'] as {
        schema: { properties: { data: { properties: Record<string, unknown> } } }
      }
      expect(body.schema.properties.data.properties, path).toHaveProperty('id')
    }
  })

  it('names the public base URL and the token scheme, and marks the signed download public', async () => {
    const document = await load()
    expect(document.openapi).toBe('3.1.0')
    expect(document.servers).toEqual([{ url: 'https://track.example/v2' }])
    expect(document.paths['/documents/{id}/signed_download'].get.security).toEqual([])
  })
})

describe('route handlers', () => {
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)],
    )
  it('read the query and the body only through the route declaration, so the document cannot drift', () => {
    const server = join(import.meta.dirname, '..')
    const offenders = ['routes', 'jsonapi', 'http']
      .flatMap((dir) => files(join(server, dir)))
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .filter((file) => !/http[\\/](route|request-body|request-form|nul-characters)\.ts$/.test(file))
      .filter((file) =>
        /\bc\.req\.(query|queries|json|text|parseBody|formData)\(/.test(readFileSync(file, 'utf8')),
      )
    expect(offenders).toEqual([])
  })
})
