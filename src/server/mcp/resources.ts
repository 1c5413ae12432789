import { type McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js'
import type { ApiReader } from './api-client'
import { containerView } from './container-view'
import { glossaryText } from './glossary'
import { findContainer, findShipment } from './lookups'

const json = (uri: URL, value: unknown) => ({
  contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(value, null, 2) }],
})
const one = (value: string | string[]) => (Array.isArray(value) ? value[0] : value)

export function registerResources(server: McpServer, reader: ApiReader) {
  server.registerResource(
    'container',
    new ResourceTemplate('quayside://containers/{id}', { list: undefined }),
    {
      title: 'A container',
      description: "A container's state, last free day, holds and freshness",
      mimeType: 'application/json',
    },
    async (uri, { id }) => {
      const { body, now } = await findContainer(reader, one(id))
      return json(uri, containerView(body.data, body.included ?? [], now))
    },
  )
  server.registerResource(
    'shipment',
    new ResourceTemplate('quayside://shipments/{id}', { list: undefined }),
    { title: 'A shipment', description: 'A shipment and its containers', mimeType: 'application/json' },
    async (uri, { id }) => {
      const { body, now } = await findShipment(reader, one(id), 'containers,pod_terminal')
      const included = [body.data, ...(body.included ?? [])]
      const containers = included
        .filter((r) => r.type === 'container')
        .map((c) => containerView(c, included, now))
      return json(uri, { shipment: { id: body.data.id, ...body.data.attributes }, containers })
    },
  )
  server.registerResource(
    'glossary',
    'quayside://glossary',
    {
      title: 'Glossary',
      description: 'Milestones, holds and container states in Quayside’s words',
      mimeType: 'text/markdown',
    },
    async (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/markdown', text: glossaryText() }] }),
  )
}
