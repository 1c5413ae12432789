import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { z } from 'zod'
import {
  isValidContainerNumber,
  likelyContainerNumbers,
  looksLikeContainerNumber,
  normalizeContainerNumber,
} from '../../contract/container-number'
import { REQUEST_TYPES } from '../../contract/tracking-requests'
import type { ApiReader } from './api-client'
import type { OneBody } from './json-api'
import { findContainer, findShipment } from './lookups'
import { answer, guarded, ToolRefusal, WRITES } from './tool-kit'

const BULK = /\b(all|every|everything|any|each)\b|\*|%/i
const ONE_NUMBER = /^[A-Z0-9]{4,40}$/

/** One real number, never "everything": the guardrail is here, not only in the description. */
export function trackedNumber(raw: string | undefined) {
  const text = (raw ?? '').trim()
  if (!text || BULK.test(text))
    throw new ToolRefusal(
      'Give the container, bill of lading or booking number to track. Quayside tracks one number at a time; it never tracks "everything" or a list it has to guess.',
    )
  const number = normalizeContainerNumber(text)
  if (!ONE_NUMBER.test(number))
    throw new ToolRefusal(
      `"${text.slice(0, 60)}" is not one container, bill of lading or booking number. Give one number.`,
    )
  return number
}

function requestTypeOf(number: string, given: (typeof REQUEST_TYPES)[number] | undefined) {
  const type = given ?? (looksLikeContainerNumber(number) ? 'container' : 'bill_of_lading')
  if (type === 'container' && !isValidContainerNumber(number)) {
    const likely = likelyContainerNumbers(number)
    throw new ToolRefusal(
      `${number} is not a valid container number (its check digit fails).${likely.length ? ` Did you mean ${likely.join(' or ')}?` : ''}`,
    )
  }
  return type
}

function trackTool(server: McpServer, reader: ApiReader) {
  server.registerTool(
    'track_container',
    {
      title: 'Track a container, bill of lading or booking',
      description:
        'Start tracking one number: a container number, bill of lading or booking. The line is found from the number when no SCAC is given. Creates a tracking request (a change to the account: needs a key that can write). Refuses anything but one real number.',
      inputSchema: {
        number: z.string().max(100).optional().describe('One container, bill of lading or booking number'),
        number_type: z
          .enum(REQUEST_TYPES)
          .optional()
          .describe('container, bill_of_lading or booking_number; inferred unless given'),
        scac: z.string().trim().min(2).max(10).optional().describe('Shipping line SCAC, e.g. MSCU'),
        ref_numbers: z.array(z.string().trim().min(1).max(100)).max(10).optional(),
      },
      annotations: { ...WRITES, title: 'Track a number' },
    },
    guarded(async ({ number: raw, number_type, scac, ref_numbers }) => {
      const number = trackedNumber(raw)
      const requestType = requestTypeOf(number, number_type)
      const { body } = await reader.send<OneBody>('POST', '/v2/tracking_requests', {
        data: {
          type: 'tracking_request',
          attributes: {
            request_type: requestType,
            request_number: number,
            ...(scac ? { scac: scac.toUpperCase() } : { auto_detect_vocc_scac: true }),
            ...(ref_numbers?.length ? { ref_numbers } : {}),
          },
        },
      })
      const t = body.data.attributes
      const text = `Tracking ${t.request_number} (${t.request_type}${t.scac ? `, ${t.scac}` : ''}): request ${body.data.id} is ${t.status}. Its shipment and containers appear once the line answers: follow up with list_tracking_requests or search_container.`
      return answer(text, {
        tracking_request_created: true,
        tracking_request: { id: body.data.id, ...t },
      })
    }),
  )
}

const fieldValue = z.union([
  z.string().max(10_000),
  z.number(),
  z.boolean(),
  z.array(z.string().max(1_000)).max(100),
  z.null(),
])

function customFieldTool(server: McpServer, reader: ApiReader) {
  server.registerTool(
    'set_custom_field',
    {
      title: 'Set a custom field',
      description:
        "Set one of the account's custom fields (by its api_slug) on a container or shipment; null clears it. A change to the account: needs a key or role that can write. The value is checked against the field's type by the API.",
      inputSchema: {
        entity: z.enum(['container', 'shipment']),
        id: z
          .string()
          .trim()
          .min(1)
          .max(100)
          .describe('Quayside id (UUID), or the container / bill of lading number'),
        api_slug: z.string().trim().min(1).max(63),
        value: fieldValue,
      },
      annotations: { ...WRITES, destructiveHint: true, idempotentHint: true },
    },
    guarded(async ({ entity, id, api_slug, value }) => {
      const found =
        entity === 'container'
          ? await findContainer(reader, id, 'shipment')
          : await findShipment(reader, id, 'pod_terminal')
      const target = found.body.data
      const { body } = await reader.send<OneBody>('POST', `/v2/${entity}s/${target.id}/custom_fields`, {
        data: { type: 'custom_field', attributes: { api_slug, value } },
      })
      const label = target.attributes.number ?? target.attributes.bill_of_lading_number ?? target.id
      const text = `${api_slug} on ${entity} ${label} is now ${JSON.stringify(body.data.attributes.value)}.`
      return answer(text, {
        entity,
        id: target.id,
        custom_field: { id: body.data.id, ...body.data.attributes },
      })
    }),
  )
}

export function registerWriteTools(server: McpServer, reader: ApiReader) {
  trackTool(server, reader)
  customFieldTool(server, reader)
}
