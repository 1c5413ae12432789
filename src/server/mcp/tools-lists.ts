import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { z } from 'zod'
import { BOARD_TABS } from '../../contract/container-board'
import { TRACKING_REQUEST_STATUSES } from '../../contract/tracking-requests'
import { type ApiReader, queryOf } from './api-client'
import { containerView } from './container-view'
import type { ListBody } from './json-api'
import { answer, guarded, READ_ONLY } from './tool-kit'
import { pageArgs, pageQuery, totalOf } from './tools-find'

const scac = z.string().trim().min(2).max(10).optional().describe('Shipping line SCAC, e.g. MSCU')

function listContainersTool(server: McpServer, reader: ApiReader) {
  server.registerTool(
    'list_containers',
    {
      title: 'List containers',
      description:
        "Containers in this account, each with its state in Quayside's words, last free day and urgency (held back when terminal data is stale). Filter by board tab (attention, on_hold, available, lfd_soon, overdue, arriving, done) or shipping line.",
      inputSchema: {
        tab: z.enum(BOARD_TABS).optional().describe('A needs-attention board tab'),
        carrier: scac,
        ...pageArgs,
      },
      annotations: READ_ONLY,
    },
    guarded(async (args) => {
      const query = queryOf({
        'filter[tab]': args.tab,
        'filter[shipping_line_scac]': args.carrier?.toUpperCase(),
        include: 'shipment,pod_terminal',
        ...pageQuery(args),
      })
      const { body, now } = await reader.get<ListBody>(`/v2/containers${query}`)
      const items = body.data.map((c) => containerView(c, body.included ?? [], now))
      const text = items.length
        ? items.map((c) => `${c.number}: ${c.headline} [${c.state}] — ${c.urgency.words}`).join('\n')
        : 'No containers match.'
      return answer(text, { items, total: totalOf(body), as_of: now.toISOString() })
    }),
  )
}

function listShipmentsTool(server: McpServer, reader: ApiReader) {
  server.registerTool(
    'list_shipments',
    {
      title: 'List shipments',
      description:
        'Shipments in this account, newest first, with line, ports, vessel and arrival (estimates labelled). Filter by a search text, shipping line, port of discharge or whether tracking stopped.',
      inputSchema: {
        query: z
          .string()
          .trim()
          .max(100)
          .optional()
          .describe('Bill of lading, reference or container number'),
        carrier: scac,
        port_of_discharge: z.string().trim().max(5).optional().describe('UN/LOCODE, e.g. USLAX'),
        tracking_stopped: z.boolean().optional(),
        ...pageArgs,
      },
      annotations: READ_ONLY,
    },
    guarded(async (args) => {
      const query = queryOf({
        q: args.query,
        'filter[shipping_line_scac]': args.carrier?.toUpperCase(),
        'filter[port_of_discharge_locode]': args.port_of_discharge?.toUpperCase(),
        'filter[tracking_stopped]':
          args.tracking_stopped === undefined ? undefined : String(args.tracking_stopped),
        ...pageQuery(args),
      })
      const { body, now } = await reader.get<ListBody>(`/v2/shipments${query}`)
      const items = body.data.map(({ id, attributes: s }) => ({
        id,
        bill_of_lading: s.bill_of_lading_number,
        shipping_line: s.shipping_line_name ?? s.shipping_line_scac,
        port_of_lading: s.port_of_lading_name,
        port_of_discharge: s.port_of_discharge_name,
        vessel: s.pod_vessel_name,
        arrival: s.pod_ata_at
          ? { at: s.pod_ata_at, actual: true }
          : s.pod_eta_at
            ? { at: s.pod_eta_at, actual: false, estimate: true }
            : null,
        tracking_stopped: Boolean(s.line_tracking_stopped_at),
      }))
      const text = items.length
        ? items
            .map(
              (s) =>
                `${s.bill_of_lading} (${s.shipping_line}): ${s.port_of_lading} → ${s.port_of_discharge}${s.arrival ? `, ${s.arrival.actual ? 'arrived' : 'estimated arrival'} ${s.arrival.at}` : ''}`,
            )
            .join('\n')
        : 'No shipments match.'
      return answer(text, { items, total: totalOf(body), as_of: now.toISOString() })
    }),
  )
}

function listTrackingRequestsTool(server: McpServer, reader: ApiReader) {
  server.registerTool(
    'list_tracking_requests',
    {
      title: 'List tracking requests',
      description:
        'Tracking requests in this account, newest first: the number, its type, line, status and why one failed. Use it to follow up a track_container call.',
      inputSchema: {
        status: z.enum(TRACKING_REQUEST_STATUSES).optional(),
        number: z.string().trim().max(100).optional().describe('The number tracked'),
        carrier: scac,
        ...pageArgs,
      },
      annotations: READ_ONLY,
    },
    guarded(async (args) => {
      const query = queryOf({
        'filter[status]': args.status,
        'filter[request_number]': args.number,
        'filter[scac]': args.carrier?.toUpperCase(),
        ...pageQuery(args),
      })
      const { body, now } = await reader.get<ListBody>(`/v2/tracking_requests${query}`)
      const items = body.data.map(({ id, attributes: t }) => ({
        id,
        request_number: t.request_number,
        request_type: t.request_type,
        scac: t.scac,
        status: t.status,
        failed_reason: t.failed_reason ?? null,
        created_at: t.created_at,
      }))
      const text = items.length
        ? items
            .map(
              (t) =>
                `${t.request_number} (${t.request_type}, ${t.scac ?? 'line to be found'}): ${t.status}${t.failed_reason ? `, ${t.failed_reason}` : ''}`,
            )
            .join('\n')
        : 'No tracking requests match.'
      return answer(text, { items, total: totalOf(body), as_of: now.toISOString() })
    }),
  )
}

function shippingLinesTool(server: McpServer, reader: ApiReader) {
  server.registerTool(
    'get_supported_shipping_lines',
    {
      title: 'Get supported shipping lines',
      description:
        'Shipping lines Quayside tracks, with SCAC codes and names. Use it to check a carrier before track_container.',
      inputSchema: { search: z.string().trim().max(100).optional().describe('Part of a name or SCAC') },
      annotations: READ_ONLY,
    },
    guarded(async ({ search }) => {
      const { body } = await reader.get<ListBody>('/v2/shipping_lines')
      const needle = search?.toLowerCase()
      const lines = body.data
        .map(({ attributes: l }) => ({ scac: l.scac, name: l.name, short_name: l.short_name ?? null }))
        .filter(
          (l) =>
            !needle || [l.scac, l.name, l.short_name].some((text) => text?.toLowerCase().includes(needle)),
        )
      const text = lines.length
        ? lines.map((l) => `${l.scac}: ${l.name}`).join('\n')
        : `No shipping line matches "${search}".`
      return answer(text, { shipping_lines: lines, total_lines: lines.length })
    }),
  )
}

export function registerListTools(server: McpServer, reader: ApiReader) {
  listContainersTool(server, reader)
  listShipmentsTool(server, reader)
  listTrackingRequestsTool(server, reader)
  shippingLinesTool(server, reader)
}
