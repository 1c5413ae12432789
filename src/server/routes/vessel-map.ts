import { VESSEL_MAP_LIST } from '../../contract/vessel-map-query'
import { VesselMapDocumentSchema } from '../../contract/vessels'
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
import { VESSEL_MAP_DESCRIPTIONS } from './list-descriptions'
import { customerFilter, partyScope } from './party-scope'
import { includeOf, renderContextOf, selfLink } from './respond-with'
import { type Aboard, aboardByVessel, type VesselAboard } from './vessel-map-aboard'

const MAP_INCLUDES = new Set(['containers', 'shipments'])

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

function mapAttributes(aboard: VesselAboard, leg: SailingLeg | null, ports: Map<string, Port>, now: number) {
  const time = (ms: number | undefined) => (ms === undefined ? null : iso(new Date(ms)))
  return {
    state: aboard.state,
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
    container_counts: aboard.counts,
  }
}

/** The containers and shipments aboard are named only when the answer includes them. */
function withAboard(
  resource: ResourceObject,
  aboard: VesselAboard,
  leg: SailingLeg | null,
  portsByCode: Map<string, Port>,
  now: number,
  nextCall: ReturnType<typeof nextPortCall>,
  listed: boolean,
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
    ...(listed
      ? {
          relationships: {
            containers: identifiers(
              'container',
              aboard.rows.map((r) => r.containerId),
            ),
            shipments: identifiers(
              'shipment',
              aboard.rows.map((r) => r.shipmentId),
            ),
          },
        }
      : {}),
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
          'A Quayside extension. `include=containers,shipments` adds what each vessel carries and names it in the vessel’s relationships; without an include a vessel has its `container_counts` only. Filters narrow the shipments counted as the board’s do.',
        query: { ...includeQuery, ...filterParams(VESSEL_MAP_LIST, VESSEL_MAP_DESCRIPTIONS) },
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
        const party = partyScope(c, c.var.caller)
        const filters = { ...asked, customer: customerFilter(party, asked.customer) }
        const listed = include.size > 0
        const byVessel = await aboardByVessel(storage, accountId, filters, listed)
        const [vessels, ports, legs, legEnds] = await Promise.all([
          storage.reference.vesselsByIds([...byVessel.keys()]),
          storage.reference.allPorts(),
          storage.vesselMap.legs(accountId, party),
          storage.vesselMap.legEnds(accountId, party),
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
            byVessel.get(resource.id) as VesselAboard,
            legOf.get(resource.id) ?? null,
            portsByCode,
            now,
            nextPortCall(endsOf.get(resource.id), portsByCode, now),
            listed,
          ),
        )
        const rows = [...byVessel.values()].flatMap((aboard) => aboard.rows)
        const included = await includedAboard(storage, accountId, rows, include, context)
        const aboard = [...byVessel.values()].reduce((sum, vessel) => sum + vessel.counts.aboard, 0)
        return respond(c, {
          data,
          ...(include.size > 0 ? { included } : {}),
          links: { self: selfLink(c) },
          meta: { size: data.length, total: data.length, containers_aboard: aboard },
        })
      },
    ),
  )
