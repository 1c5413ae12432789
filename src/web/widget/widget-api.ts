import { z } from 'zod/mini'
import { type AnyResource, AnyResourceSchema, ErrorDocumentSchema } from '../../contract/document'
import { noteServiceTime } from '../api/service-clock'

export type FailureCode =
  | 'revoked'
  | 'expired'
  | 'origin'
  | 'unknown'
  | 'limited'
  | 'not_found'
  | 'network'
  | 'number'

/** A code the host page can act on (`quayside:error`). */
export class EmbedFailure extends Error {
  constructor(
    readonly code: FailureCode,
    readonly status?: number,
  ) {
    super(code)
  }
}

const TrackingDocumentSchema = z.looseObject({
  data: z.union([AnyResourceSchema, z.array(AnyResourceSchema)]),
  included: z.optional(z.array(AnyResourceSchema)),
})

const CODES: Record<string, FailureCode> = {
  token_revoked: 'revoked',
  token_expired: 'expired',
  origin_not_allowed: 'origin',
  token_unknown: 'unknown',
  token_missing: 'unknown',
  rate_limited: 'limited',
}

async function failureOf(response: Response): Promise<EmbedFailure> {
  const body = ErrorDocumentSchema.safeParse(await response.json().catch(() => undefined))
  const code = body.success ? body.data.errors[0]?.code : undefined
  if (code && CODES[code]) return new EmbedFailure(CODES[code], response.status)
  if (response.status === 404) return new EmbedFailure('not_found', 404)
  if (response.status === 400) return new EmbedFailure('number', 400)
  return new EmbedFailure('network', response.status)
}

export type TrackingGraph = {
  shipments: AnyResource[]
  containersOf: (shipment: AnyResource) => AnyResource[]
  eventsOf: (container: AnyResource) => AnyResource[]
  placeOf: (event: AnyResource) => AnyResource | undefined
}

const idsOf = (resource: AnyResource, relationship: string) => {
  const data = (resource.relationships?.[relationship] as { data?: unknown } | undefined)?.data
  return (Array.isArray(data) ? data : data ? [data] : []) as { type: string; id: string }[]
}

function graphOf(document: z.infer<typeof TrackingDocumentSchema>): TrackingGraph {
  const byKey = new Map(
    (document.included ?? []).map((resource) => [`${resource.type}:${resource.id}`, resource]),
  )
  const related = (resource: AnyResource, relationship: string) =>
    idsOf(resource, relationship).flatMap(
      (identifier) => byKey.get(`${identifier.type}:${identifier.id}`) ?? [],
    )
  const timeOf = (event: AnyResource) => String(event.attributes?.timestamp ?? '')
  return {
    shipments: Array.isArray(document.data) ? document.data : [document.data],
    containersOf: (shipment) => related(shipment, 'containers'),
    eventsOf: (container) =>
      related(container, 'transport_events').sort((a, b) => timeOf(a).localeCompare(timeOf(b))),
    placeOf: (event) => related(event, 'location')[0],
  }
}

/** The service that answers its API. */
const serviceOrigin = () => new URL(import.meta.url).origin

/** The only place the widget calls fetch. */
export async function loadTracking(
  token: string,
  target: { shipment?: string; number?: string },
  signal: AbortSignal,
): Promise<TrackingGraph> {
  const url = new URL(
    target.shipment ? `/embed/v1/shipments/${encodeURIComponent(target.shipment)}` : '/embed/v1/shipments',
    serviceOrigin(),
  )
  if (target.number) url.searchParams.set(target.shipment ? 'number' : 'filter[number]', target.number)
  if (!target.shipment) url.searchParams.set('page[size]', '25')
  let response: Response
  try {
    response = await fetch(url, {
      headers: { Authorization: `Bearer ${token}`, Accept: 'application/vnd.api+json' },
      signal,
      credentials: 'omit',
    })
  } catch (error) {
    if (signal.aborted) throw error
    throw new EmbedFailure('network')
  }
  noteServiceTime(response)
  if (!response.ok) throw await failureOf(response)
  const document = TrackingDocumentSchema.safeParse(await response.json().catch(() => undefined))
  if (!document.success) throw new EmbedFailure('network', response.status)
  return graphOf(document.data)
}
