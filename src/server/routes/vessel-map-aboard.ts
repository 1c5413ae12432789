import type { ListFilterValues } from '../../contract/list-query'
import type { VESSEL_MAP_LIST } from '../../contract/vessel-map-query'
import { VESSEL_MAP_STATES, type VesselMapState } from '../../contract/vessels'
import type { Deps } from '../deps'
import { groupBy } from '../jsonapi/format'
import type { VesselCounts } from '../storage/vessel-counts'

export type Aboard = {
  containerId: string
  onHold: boolean
  shipmentId: string
  vesselId: string | null
  podEtaAt: Date | null
  podOriginalEtaAt: Date | null
}

/** What the map says of one vessel; `rows` only when the answer lists what it carries. */
export type VesselAboard = {
  state: VesselMapState
  counts: { aboard: number; on_hold: number; delayed: number }
  rows: Aboard[]
}

const DAY = 86_400_000
/** Filters on the shipment: the kept counts are per vessel and state only, so these count the rows. */
const NARROWING = ['carrier', 'customer', 'tag', 'pod'] as const

/** A container aboard is on hold with any hold reported, delayed a day or more past its first ETA. */
const stateOf = (row: Aboard): VesselMapState =>
  row.onHold
    ? 'on_hold'
    : row.podEtaAt && row.podOriginalEtaAt && row.podEtaAt.getTime() - row.podOriginalEtaAt.getTime() >= DAY
      ? 'delayed'
      : 'on_time'

const mostUrgent = (present: (state: VesselMapState) => boolean) =>
  VESSEL_MAP_STATES.find(present) ?? 'on_time'

function fromRows(rows: Aboard[]): VesselAboard {
  const states = rows.map(stateOf)
  const count = (state: VesselMapState) => states.filter((s) => s === state).length
  return {
    state: mostUrgent((state) => states.includes(state)),
    counts: { aboard: rows.length, on_hold: count('on_hold'), delayed: count('delayed') },
    rows,
  }
}

function fromKept(kept: VesselCounts, only?: VesselMapState): VesselAboard {
  const byState = {
    on_hold: kept.onHold,
    delayed: kept.delayed,
    on_time: kept.aboard - kept.onHold - kept.delayed,
  }
  const n = (state: VesselMapState) => (only && only !== state ? 0 : byState[state])
  return {
    state: mostUrgent((state) => n(state) > 0),
    counts: { aboard: only ? n(only) : kept.aboard, on_hold: n('on_hold'), delayed: n('delayed') },
    rows: [],
  }
}

/**
 * Each vessel carrying the account's containers, by vessel id. Unless the answer lists the containers or a
 * shipment filter narrows them, from the counts triggers keep (`vessel_counts`), not from every container at sea.
 */
export async function aboardByVessel(
  storage: Deps['storage'],
  accountId: string,
  filters: Partial<ListFilterValues<typeof VESSEL_MAP_LIST>>,
  listed: boolean,
): Promise<Map<string, VesselAboard>> {
  if (listed || NARROWING.some((name) => filters[name])) {
    const rows = (await storage.vesselMap.aboard(accountId, filters)).filter(
      (row) => !filters.state || stateOf(row) === filters.state,
    )
    const byVessel = groupBy(rows, (row) => row.vesselId ?? '')
    return new Map([...byVessel].map(([id, list]) => [id, fromRows(list)]))
  }
  const kept = await storage.vesselMap.keptCounts(accountId, filters.vessel)
  return new Map(
    kept
      .map((counts) => [counts.vesselId, fromKept(counts, filters.state)] as const)
      .filter(([, aboard]) => aboard.counts.aboard > 0),
  )
}
