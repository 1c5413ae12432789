import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { z } from 'zod'
import { BOARD_TABS, type BoardTab } from '../../contract/container-board'
import { type ApiReader, queryOf } from './api-client'
import { containerView } from './container-view'
import type { ListBody, Resource } from './json-api'
import { findContainer } from './lookups'
import { answer, guarded, READ_ONLY } from './tool-kit'

const TAB_WORDS: Record<BoardTab, string> = {
  attention: 'Needs attention',
  on_hold: 'On hold',
  available: 'Available for pickup without a charge',
  lfd_soon: 'Last free day soon',
  overdue: 'Overdue',
  arriving: 'Arriving within 7 days',
  empty_due: 'Empty due back soon',
  empty_overdue: 'Empty overdue: detention accruing',
  done: 'Done',
}
/** Done needs nobody today. */
const WORKING_TABS = BOARD_TABS.filter((tab) => tab !== 'done')

function boardTool(server: McpServer, reader: ApiReader) {
  server.registerTool(
    'get_board',
    {
      title: 'Get the needs-attention board',
      description:
        "The dashboard's board: how many containers are in each tab (needs attention, on hold, available, last free day soon, overdue, arriving) and the first containers of each, soonest last free day first, in Quayside's words. Containers whose terminal data is stale say so and claim no urgency.",
      inputSchema: {
        top: z.number().int().min(1).max(20).optional().describe('Containers listed per tab; 5 unless given'),
      },
      annotations: READ_ONLY,
    },
    guarded(async ({ top }) => {
      const counted = await reader.get<ListBody>('/v2/containers?counts=tabs&page[size]=1')
      const counts = (counted.body.meta?.tab_counts ?? {}) as Partial<Record<BoardTab, number>>
      const tabs = []
      for (const tab of WORKING_TABS) {
        const count = counts[tab] ?? 0
        let containers: ReturnType<typeof containerView>[] = []
        if (count > 0) {
          const query = queryOf({
            'filter[tab]': tab,
            sort: tab === 'arriving' ? 'pod_eta_at' : 'pickup_lfd',
            include: 'shipment,pod_terminal',
            'page[size]': top ?? 5,
          })
          const { body, now } = await reader.get<ListBody>(`/v2/containers${query}`)
          containers = body.data.map((c: Resource) => containerView(c, body.included ?? [], now))
        }
        tabs.push({ tab, title: TAB_WORDS[tab], count, containers })
      }
      const text = tabs
        .map((t) =>
          [
            `${t.title}: ${t.count}`,
            ...t.containers.map((c) => `  - ${c.number}: ${c.headline} [${c.state}]; ${c.urgency.words}`),
          ].join('\n'),
        )
        .join('\n')
      return answer(text, { tabs, tab_counts: counts, as_of: counted.now.toISOString() })
    }),
  )
}

type Value = { field: string; value: unknown; page?: number; text?: string; confidence?: number }

function documentRow(doc: Resource, included: Resource[], linkedTo: 'container' | 'shipment') {
  const ref = doc.relationships?.last_document_representation?.data
  const representation = included.find((r) => !Array.isArray(ref) && r.id === ref?.id)
  const payload = (representation?.attributes.payload ?? {}) as {
    values?: Value[]
    corrected_fields?: string[]
  }
  return {
    id: doc.id,
    name: doc.attributes.name ?? doc.attributes.file_name,
    document_type: doc.attributes.document_type ?? null,
    reading: doc.attributes.extraction_status ?? null,
    linked_to: linkedTo,
    corrected_fields: payload.corrected_fields ?? [],
    values: (payload.values ?? []).slice(0, 30).map((v) => ({
      field: v.field,
      value: v.value,
      page: v.page ?? null,
      read_from: v.text ?? null,
      confidence: v.confidence ?? null,
    })),
  }
}

function documentsTool(server: McpServer, reader: ApiReader) {
  server.registerTool(
    'list_documents_for_container',
    {
      title: 'List documents for a container',
      description:
        'Documents linked to a container or its shipment (arrival notices, bills of lading, invoices…): each value Quayside read, the page and the exact text it was read from, its confidence, and which fields a person corrected.',
      inputSchema: {
        id: z.string().trim().min(1).max(100).describe('The Quayside container id (UUID), or its number'),
      },
      annotations: READ_ONLY,
    },
    guarded(async ({ id }) => {
      const found = await findContainer(reader, id, 'shipment')
      const container = found.body.data
      const shipmentId = container.relationships?.shipment?.data
      const read = async (filter: string, linkedTo: 'container' | 'shipment') => {
        const { body } = await reader.get<ListBody>(
          `/v2/documents?${filter}&include=last_document_representation&page[size]=50`,
        )
        return body.data.map((d) => documentRow(d, body.included ?? [], linkedTo))
      }
      const own = await read(`filter[container_id]=${container.id}`, 'container')
      const viaShipment =
        shipmentId && !Array.isArray(shipmentId)
          ? await read(`filter[shipment_id]=${shipmentId.id}`, 'shipment')
          : []
      const documents = [...own, ...viaShipment.filter((d) => !own.some((o) => o.id === d.id))]
      const text = documents.length
        ? documents
            .map((d) =>
              [
                `${d.name} (${d.document_type ?? 'type unknown'}, linked to the ${d.linked_to}, reading ${d.reading})`,
                ...d.values.map(
                  (v) =>
                    `  - ${v.field}: ${JSON.stringify(v.value)} read on page ${v.page} from "${v.read_from}"`,
                ),
              ].join('\n'),
            )
            .join('\n')
        : `No documents are linked to ${container.attributes.number} or its shipment.`
      return answer(text, { container_id: container.id, number: container.attributes.number, documents })
    }),
  )
}

export function registerBoardTools(server: McpServer, reader: ApiReader) {
  boardTool(server, reader)
  documentsTool(server, reader)
}
