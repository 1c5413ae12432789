import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { z } from 'zod'
import { type ApiReader, queryOf } from './api-client'
import { containerText, containerView } from './container-view'
import type { ListBody, Resource } from './json-api'
import { findContainer, findShipment } from './lookups'
import { answer, guarded, READ_ONLY } from './tool-kit'

const idOrNumber = (what: string) =>
  z.string().trim().min(1).max(100).describe(`The Quayside ${what} id (UUID), or its number`)

function searchTool(server: McpServer, reader: ApiReader) {
  server.registerTool(
    'search_container',
    {
      title: 'Search containers and shipments',
      description:
        'Find containers and shipments in this account by container number (or part of one), bill of lading, booking, reference number, customer or vessel name. The fastest way to turn a number someone mentions into ids for get_container or get_shipment_details.',
      inputSchema: { query: z.string().trim().min(1).max(100).describe('A number, part of one, or a name') },
      annotations: READ_ONLY,
    },
    guarded(async ({ query }) => {
      const { body } = await reader.get<ListBody>(`/v2/search${queryOf({ query })}`)
      const row = (hit: Resource) => ({
        id: hit.id,
        number: hit.attributes.number,
        shipping_line: hit.attributes.scac ?? null,
        status: hit.attributes.status ?? null,
        shipment_id: hit.attributes.shipment_id ?? null,
        ref_numbers: hit.attributes.ref_numbers ?? [],
      })
      const containers = body.data.filter((h) => h.attributes.entity_type === 'cargo').map(row)
      const shipments = body.data.filter((h) => h.attributes.entity_type === 'shipment').map(row)
      const text = body.data.length
        ? [
            ...containers.map((c) => `Container ${c.number} (id ${c.id})`),
            ...shipments.map((s) => `Shipment ${s.number} (id ${s.id})`),
          ].join('\n')
        : `Nothing in this account matches "${query}". Check the number, or track it with track_container.`
      return answer(text, { containers, shipments, total_results: body.data.length })
    }),
  )
}

function containerTool(server: McpServer, reader: ApiReader) {
  server.registerTool(
    'get_container',
    {
      title: 'Get container details',
      description:
        "A container's state in Quayside's words (available, on hold, overdue, unconfirmed…), its last free day and where it came from, holds, fees, its shipment and vessel, how old the terminal data is, and whether urgency may be claimed. Estimated times are labelled as estimates.",
      inputSchema: { id: idOrNumber('container') },
      annotations: READ_ONLY,
    },
    guarded(async ({ id }) => {
      const { body, now } = await findContainer(reader, id)
      const view = containerView(body.data, body.included ?? [], now)
      return answer(containerText(view), { container: view, as_of: now.toISOString() })
    }),
  )
}

function shipmentTool(server: McpServer, reader: ApiReader) {
  server.registerTool(
    'get_shipment_details',
    {
      title: 'Get shipment details',
      description:
        'A shipment (bill of lading or booking): line, ports, vessel and voyage, the arrival (actual, or estimated and labelled so) and each container with its state. Use it for a shipment rather than one container.',
      inputSchema: {
        id: idOrNumber('shipment'),
        include_containers: z.boolean().optional().describe('Include its containers; true unless given'),
      },
      annotations: READ_ONLY,
    },
    guarded(async ({ id, include_containers }) => {
      const { body, now } = await findShipment(reader, id, 'containers,pod_terminal')
      const shipment = body.data
      const s = shipment.attributes
      const included = [shipment, ...(body.included ?? [])]
      const containers =
        include_containers === false
          ? []
          : included.filter((r) => r.type === 'container').map((c) => containerView(c, included, now))
      const arrival = s.pod_ata_at
        ? `arrived ${s.pod_ata_at}`
        : s.pod_eta_at
          ? `estimated arrival ${s.pod_eta_at} (an estimate)`
          : 'no arrival time yet'
      const text = [
        `Shipment ${s.bill_of_lading_number} (${s.shipping_line_name ?? s.shipping_line_scac}): ${s.port_of_lading_name ?? '?'} → ${s.port_of_discharge_name ?? '?'}, ${arrival}`,
        ...containers.map((c) => `- ${c.number}: ${c.headline} [${c.state}]`),
      ].join('\n')
      return answer(text, { shipment: { id: shipment.id, ...s }, containers, as_of: now.toISOString() })
    }),
  )
}

export function registerFindTools(server: McpServer, reader: ApiReader) {
  searchTool(server, reader)
  containerTool(server, reader)
  shipmentTool(server, reader)
}
