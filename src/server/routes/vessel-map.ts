import { VESSEL_MAP_LIST } from '../../contract/vessel-map-query'
import { VESSEL_MAP_STATES, VesselMapDocumentSchema, type VesselMapState } from '../../contract/vessels'
import type { Deps } from '../deps'
import { filterParams, filtersOf } from '../http/list-params'
import { badParameter } from '../http/problem'
import { includeQuery } from '../http/query-params'
import { route, routes } from '../http/route'
import { groupBy } from '../jsonapi/format'
import { RESOURCES } from '../jsonapi/registry'
import { type ResourceObject, renderDocument } from '../jsonapi/render'
import { respond } from '../jsonapi/respond'
import { iso } from '../storage/iso-time'
import type { Port } from '../storage/reference-store'
import type { SailingLeg } from '../storage/schema'
import { nextPortCall } from '../tracking/next-port-call'
import { forecastOnLeg } from '../tracking/vessel-positions'
import { customerFilter, partyScope } from './party-scope'
import { includeOf, renderContextOf, selfLink } from './respond-with'

type Aboard = {
  containerId: string
  onHold: boolean
  shipmentId: string
  podEtaAt: Date | null
  podOriginalEtaAt: Date | null
}

const DAY = 86_400_000
const MAP_INCLUDES = new Set(['containers', 'shipments'])

/** A container aboard is on hold with any hold reported, delayed a day or more past its first ETA. */
const stateOf = (row: Aboard): VesselMapState =>
  row.onHold
    ? 'on_hold'
    : row.podEtaAt && row.podOriginalEtaAt && row.podEtaAt.getTime() - row.podOriginalEtaAt.getTime() >= DAY
      ? 'delayed'
      : 'on_time'

const mostUrgent = (states: VesselMapState[]) =>
  VESSEL_MAP_STATES.find((state) => states.includes(state)) ?? 'on_time'

const portOf = (ports: Map<string, Port>, locode: string, isPod: boolean) => {
  const port = ports.get(locode)
  return {
    locode,
    name: port?.name ?? null,
    latitude: port?.latitude ?? null,
    longitude: port?.longitude ?? null,
    is_port_of_discharge: isPod,
    time_zone: port?.time_zone ?? null,
  }
}

function mapAttributes(rows: Aboard[], leg: SailingLeg | null, ports: Map<string, Port>, now: number) {
  const states = rows.map(stateOf)
  const time = (ms: number | undefined) => (ms === undefined ? null : iso(new Date(ms)))
  return {
    state: mostUrgent(states),
    voyage_number: leg?.voyageNumber ?? null,
    previous_port: leg ? { locode: leg.from, name: ports.get(leg.from)?.name ?? null } : null,
    next_port: leg ? portOf(ports, leg.to, leg.toPod) : null,
    departed_at: time(leg?.departAt),
    arrives_at: time(leg?.arriveAt),
    eta_range: leg
      ? { earliest: time(leg.eta.earliest), likely: time(leg.eta.likely), latest: time(leg.eta.latest) }
      : null,
    forecast: leg
      ? forecastOnLeg(leg, now).map((p) => ({ ...p, timestamp: time(p.timestamp), estimated: true }))
      : [],
    container_counts: {
      aboard: rows.length,
      on_hold: states.filter((s) => s === 'on_hold').length,
      delayed: states.filter((s) => s === 'delayed').length,
    },
  }
}

function withAboard(
  resource: ResourceObject,
  aboard: Aboard[],
  leg: SailingLeg | null,
  portsByCode: Map<string, Port>,
  now: number,
  nextCall: ReturnType<typeof nextPortCall>,
) {
  const identifiers = (type: string, ids: string[]) => ({
    data: [...new Set(ids)].map((id) => ({ type, id })),
  })
  return {
    ...resource,
    attributes: {
      ...resource.attributes,
      ...mapAttributes(aboard, leg, portsByCode, now),
      next_call: nextCall,
    },
    relationships: {
      containers: identifiers(
        'container',
        aboard.map((r) => r.containerId),
      ),
      shipments: identifiers(
        'shipment',
        aboard.map((r) => r.shipmentId),
      ),
    },
  }
}

async function includedAboard(
  storage: Deps['storage'],
  accountId: string,
  rows: Aboard[],
  include: Map<string, unknown>,
  context: Parameters<typeof renderDocument>[4],
) {
  const included: ResourceObject[] = []
  if (include.has('containers')) {
    const containers = await storage.containers.byIds(
      accountId,
      rows.map((r) => r.containerId),
    )
    included.push(
      ...((await renderDocument(RESOURCES, 'container', containers, new Map(), context))
        .data as ResourceObject[]),
    )
  }
  if (include.has('shipments')) {
    const shipments = await storage.shipments.byIds(accountId, [...new Set(rows.map((r) => r.shipmentId))])
    included.push(
      ...((await renderDocument(RESOURCES, 'shipment', shipments, new Map(), context))
        .data as ResourceObject[]),
    )
  }
  return included
}

/** One request for the whole map. */
export const vesselMapRoutes = ({ storage, clock }: Deps) =>
  routes(
    route(
      {
        method: 'get',
        path: '/vessels',
        customer: 'party-scoped',
        summary: 'Vessels carrying the account’s containers at sea, with positions, forecasts and ETA ranges',
        description:
          'A Quayside extension. `include=containers,shipments` adds what each vessel carries. Filters narrow the shipments counted as the board’s do.',
        query: { ...includeQuery, ...filterParams(VESSEL_MAP_LIST) },
        response: VesselMapDocumentSchema,
      },
      async (c, { query }) => {
        const include = includeOf(c)
        for (const [name, children] of include)
          if (!MAP_INCLUDES.has(name) || children.size > 0)
            throw badParameter(
              'include',
              `The map's vessels include only containers and shipments, not ${name}`,
            )
        const accountId = c.var.caller.accountId
        const asked = filtersOf(VESSEL_MAP_LIST, query)
        const filters = { ...asked, customer: customerFilter(partyScope(c, c.var.caller), asked.customer) }
        const rows = (await storage.vesselMap.aboard(accountId, filters)).filter(
          (row) => !filters.state || stateOf(row) === filters.state,
        )
        const byVessel = groupBy(rows, (row) => row.vesselId ?? '')
        const [vessels, ports, legs, legEnds] = await Promise.all([
          storage.reference.vesselsByIds([...byVessel.keys()]),
          storage.reference.allPorts(),
          storage.vesselMap.legs(accountId),
          storage.vesselMap.legEnds(accountId),
        ])
        const endsOf = groupBy(legEnds, (row) => row.vesselId ?? '')
        const legOf = new Map(legs.map((row) => [row.vesselId, row.leg]))
        const portsByCode = new Map(ports.map((p) => [p.code, p]))
        vessels.sort((a, b) => a.name.localeCompare(b.name))
        const context = renderContextOf(c, storage)
        const rendered = (await renderDocument(RESOURCES, 'vessel', vessels, new Map(), context))
          .data as ResourceObject[]
        const now = clock.now().getTime()
        const data = rendered.map((resource) =>
          withAboard(
            resource,
            byVessel.get(resource.id) ?? [],
            legOf.get(resource.id) ?? null,
            portsByCode,
            now,
            nextPortCall(endsOf.get(resource.id), portsByCode, now),
          ),
        )
        const included = await includedAboard(storage, accountId, rows, include, context)
        return respond(c, {
          data,
          ...(include.size > 0 ? { included } : {}),
          links: { self: selfLink(c) },
          meta: { size: data.length, total: data.length, containers_aboard: rows.length },
        })
      },
    ),
  )
