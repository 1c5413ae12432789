import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { z } from 'zod'
import { BOARD_TABS } from '../../contract/container-board'
import { TRACKING_REQUEST_STATUSES } from '../../contract/tracking-requests'
import type { ApiReader } from './api-client'
import { containerView } from './container-view'
import type { ListBody, Resource } from './json-api'
import { listTool } from './list-tool'
import { answer, guarded, READ_ONLY } from './tool-kit'

const scac = z.string().trim().min(2).max(10).optional().describe('Shipping line SCAC, e.g. MSCU')

function listContainersTool(server: McpServer, reader: ApiReader) {
  listTool(server, reader, {
    name: 'list_containers',
    title: 'List containers',
    description:
      "Containers in this account, each with its state in Quayside's words, last free day and urgency (held back when terminal data is stale). Filter by board tab (attention, on_hold, available, lfd_soon, overdue, arriving, done) or shipping line.",
    filters: {
      tab: z.enum(BOARD_TABS).optional().describe('A needs-attention board tab'),
      carrier: scac,
    },
    path: '/v2/containers',
    query: (args) => ({
      'filter[tab]': args.tab,
      'filter[shipping_line_scac]': args.carrier?.toUpperCase(),
      include: 'shipment,pod_terminal',
    }),
    item: containerView,
    line: (c) => `${c.number}: ${c.headline} [${c.state}] — ${c.urgency.words}`,
    none: 'No containers match.',
  })
}

const arrivalOf = (s: Resource['attributes']) =>
  s.pod_ata_at
    ? { at: s.pod_ata_at, actual: true }
    : s.pod_eta_at
      ? { at: s.pod_eta_at, actual: false, estimate: true }
      : null

function listShipmentsTool(server: McpServer, reader: ApiReader) {
  listTool(server, reader, {
    name: 'list_shipments',
    title: 'List shipments',
    description:
      'Shipments in this account, newest first, with line, ports, vessel and arrival (estimates labelled). Filter by a search text, shipping line, port of discharge or whether tracking stopped.',
    filters: {
      query: z.string().trim().max(100).optional().describe('Bill of lading, reference or container number'),
      carrier: scac,
      port_of_discharge: z.string().trim().max(5).optional().describe('UN/LOCODE, e.g. USLAX'),
      tracking_stopped: z.boolean().optional(),
    },
    path: '/v2/shipments',
    query: (args) => ({
      q: args.query,
      'filter[shipping_line_scac]': args.carrier?.toUpperCase(),
      'filter[port_of_discharge_locode]': args.port_of_discharge?.toUpperCase(),
      'filter[tracking_stopped]':
        args.tracking_stopped === undefined ? undefined : String(args.tracking_stopped),
    }),
    item: ({ id, attributes: s }) => ({
      id,
      bill_of_lading: s.bill_of_lading_number,
      shipping_line: s.shipping_line_name ?? s.shipping_line_scac,
      port_of_lading: s.port_of_lading_name,
      port_of_discharge: s.port_of_discharge_name,
      vessel: s.pod_vessel_name,
      arrival: arrivalOf(s),
      tracking_stopped: Boolean(s.line_tracking_stopped_at),
    }),
    line: (s) =>
      `${s.bill_of_lading} (${s.shipping_line}): ${s.port_of_lading} → ${s.port_of_discharge}${s.arrival ? `, ${s.arrival.actual ? 'arrived' : 'estimated arrival'} ${s.arrival.at}` : ''}`,
    none: 'No shipments match.',
  })
}

function listTrackingRequestsTool(server: McpServer, reader: ApiReader) {
  listTool(server, reader, {
    name: 'list_tracking_requests',
    title: 'List tracking requests',
    description:
      'Tracking requests in this account, newest first: the number, its type, line, status and why one failed. Use it to follow up a track_container call.',
    filters: {
      status: z.enum(TRACKING_REQUEST_STATUSES).optional(),
      number: z.string().trim().max(100).optional().describe('The number tracked'),
      carrier: scac,
    },
    path: '/v2/tracking_requests',
    query: (args) => ({
      'filter[status]': args.status,
      'filter[request_number]': args.number,
      'filter[scac]': args.carrier?.toUpperCase(),
    }),
    item: ({ id, attributes: t }) => ({
      id,
      request_number: t.request_number,
      request_type: t.request_type,
      scac: t.scac,
      status: t.status,
      failed_reason: t.failed_reason ?? null,
      created_at: t.created_at,
    }),
    line: (t) =>
      `${t.request_number} (${t.request_type}, ${t.scac ?? 'line to be found'}): ${t.status}${t.failed_reason ? `, ${t.failed_reason}` : ''}`,
    none: 'No tracking requests match.',
  })
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
