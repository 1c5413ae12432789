/**
 * What "one fleet, one schedule" means, checked over generated demo shipments: no vessel on two voyages
 * at once, every shipment's call times its voyage's, no position (reported, sailed or forecast) further
 * from the last than 30 knots allow, and nothing shown as happened that lies after `now`.
 */
import { CUSTOMERS, demoShipments, planningReferenceFrom } from '../../src/server/demo/generate-shipment'
import { referenceRows } from '../../src/server/demo/reference-rows'
import type { Fleet } from '../../src/server/tracking/fleet'
import { knotsBetween, positionOnLeg } from '../../src/server/tracking/leg-track'
import { fleetOf } from '../../src/server/tracking/plan-shipment'
import { seededRandom } from '../../src/server/tracking/seeded-random'
import { fleetPositions, forecastOnLeg } from '../../src/server/tracking/vessel-positions'
import type { Leg, ShipmentPlan } from '../../src/server/tracking/voyage-plan'

const HOUR = 3_600_000
export const MAX_KNOTS = 30

type Row = Record<string, unknown>
export type Generated = {
  plan: ShipmentPlan
  shipment: Row
  containers: Row[]
  transportEvents: Row[]
  rawEvents: Row[]
}

type Fix = { at: number; point: [number, number]; source: string }

const legKey = (leg: Leg) => `${leg.vessel.id}|${leg.from}|${leg.to}|${leg.departAt}`

/** Each distinct leg once: 100,000 shipments sail a few thousand. */
function distinctLegs(shipments: Generated[]) {
  const legs = new Map<string, Leg>()
  for (const { plan } of shipments) for (const leg of plan.legs) legs.set(legKey(leg), leg)
  return [...legs.values()]
}

/** A vessel's voyages must follow one another: each voyage's span ends before the next begins. */
function voyagesOverlap(legs: Leg[], problems: string[]) {
  const spans = new Map<string, Map<string, { from: number; until: number }>>()
  for (const leg of legs) {
    const voyages = spans.get(leg.vessel.name) ?? new Map()
    spans.set(leg.vessel.name, voyages)
    const voyage = leg.voyageNumber ?? '?'
    const span = voyages.get(voyage) ?? { from: leg.departAt, until: leg.arriveAt }
    voyages.set(voyage, {
      from: Math.min(span.from, leg.departAt),
      until: Math.max(span.until, leg.arriveAt),
    })
  }
  for (const [vessel, voyages] of spans) {
    const sorted = [...voyages.entries()].sort((a, b) => a[1].from - b[1].from)
    for (let i = 1; i < sorted.length; i++)
      if (sorted[i][1].from < sorted[i - 1][1].until)
        problems.push(`${vessel} is on voyages ${sorted[i - 1][0]} and ${sorted[i][0]} at once`)
  }
}

/** Every shipment calling at a port on a voyage gives that call the times the fleet's schedule does. */
function callTimes(fleet: Fleet, legs: Leg[], problems: string[]) {
  for (const leg of legs) {
    const vessel = fleet.byId.get(leg.vessel.id)
    if (!vessel) {
      problems.push(`${leg.vessel.name} is not in the fleet`)
      continue
    }
    const rotation = fleet.rotationAt(vessel, leg.departAt)
    const call = (code: string) => rotation.calls.find((c) => c.code === code)
    const voyage = rotation.voyages[0]
    const stops = [
      { code: leg.from, departAt: leg.departAt },
      ...(leg.calls ?? []),
      { code: leg.to, arriveAt: leg.arriveAt },
    ]
    for (const stop of stops) {
      const scheduled = call(stop.code)
      const same =
        scheduled &&
        ('departAt' in stop ? scheduled.departAt === stop.departAt : true) &&
        ('arriveAt' in stop ? scheduled.arriveAt === stop.arriveAt : true)
      if (!same || leg.voyageNumber !== voyage)
        problems.push(`${leg.vessel.name} ${leg.voyageNumber} at ${stop.code} differs from its schedule`)
    }
  }
}

/** Shipments discharged by the same call publish the same ETA and arrival. */
function sharedArrivals(shipments: Generated[], problems: string[]) {
  const seen = new Map<string, string>()
  for (const { plan, shipment } of shipments) {
    const last = plan.legs.at(-1)!
    const key = `${last.vessel.id}|${last.voyageNumber}|${last.to}`
    const times = ['pod_eta_at', 'pod_original_eta_at', 'pod_ata_at']
      .map((name) => (shipment[name] as Date | null)?.toISOString() ?? '-')
      .join(' ')
    const known = seen.get(key)
    if (known === undefined) seen.set(key, times)
    else if (known !== times) problems.push(`${key}: one shipment says ${known}, another ${times}`)
  }
}

/** Fixes in time order never further apart than 30 knots cover, nor two places at one moment. */
function speeds(vessel: string, fixes: Fix[], problems: string[]) {
  fixes.sort((a, b) => a.at - b.at)
  for (let i = 1; i < fixes.length; i++) {
    const [a, b] = [fixes[i - 1], fixes[i]]
    const knots = knotsBetween(a.point, b.point, b.at - a.at)
    if (knots > MAX_KNOTS)
      problems.push(
        `${vessel}: ${knots === Number.POSITIVE_INFINITY ? 'two places' : `${knots.toFixed(0)} knots`} between ${a.source} and ${b.source} at ${new Date(b.at).toISOString()}`,
      )
  }
}

/** The fixes of every leg a vessel sails, the fleet's reported positions and the map's forecasts from `now`. */
function vesselFixes(fleet: Fleet, legs: Leg[], now: number) {
  const fixes = new Map<string, Fix[]>()
  const add = (vessel: string, fix: Fix) => {
    const known = fixes.get(vessel)
    if (known) known.push(fix)
    else fixes.set(vessel, [fix])
  }
  const from = Math.min(now, ...legs.map((l) => l.departAt))
  const until = Math.max(now, ...legs.map((l) => l.arriveAt))
  for (let at = from; at <= until; at += 6 * HOUR)
    for (const [id, p] of fleetPositions(fleet, at))
      add(fleet.byId.get(id)!.name, { at, point: [p.latitude, p.longitude], source: 'reported position' })
  for (const leg of legs) {
    const forecastFrom = leg.departAt <= now && now < leg.arriveAt ? now : leg.departAt
    const source = forecastFrom === now ? 'map forecast' : 'sailed leg'
    for (const p of forecastOnLeg(leg, forecastFrom))
      add(leg.vessel.name, { at: p.timestamp, point: [p.latitude, p.longitude], source })
    const position = positionOnLeg(leg, now)
    if (position) add(leg.vessel.name, { at: now, point: [position.latitude, position.longitude], source })
  }
  return fixes
}

const HAPPENED = [
  'empty_out_at',
  'pol_full_in_at',
  'pol_vessel_loaded_at',
  'pol_vessel_departed_at',
  'pod_arrived_at',
  'pod_discharged_at',
  'pod_full_out_at',
  'final_destination_full_out_at',
  'delivered_at',
  'empty_terminated_at',
  'pod_rail_loaded_at',
  'pod_rail_departed_at',
  'ind_ata_at',
  'ind_rail_unloaded_at',
]

const PLANNED = /\.estimated\.|pickup_appointment/

/** Nothing said to have happened lies after `now`. */
export function nothingFromTheFuture(shipments: Generated[], now: number, problems: string[]) {
  const late = (value: unknown) => value instanceof Date && value.getTime() > now
  for (const s of shipments) {
    for (const name of ['pol_atd_at', 'pod_ata_at', 'destination_ata_at'])
      if (late(s.shipment[name])) problems.push(`shipment ${s.plan.billOfLading} ${name} is in the future`)
    for (const row of s.containers)
      for (const name of HAPPENED)
        if (late(row[name])) problems.push(`container ${row.number} ${name} is in the future`)
    // an estimate's time, and an appointment's, is when it is expected: only its announcement has happened
    for (const event of s.transportEvents)
      if (late(event.created_at) || (!PLANNED.test(String(event.event)) && late(event.timestamp)))
        problems.push(`${s.plan.billOfLading} ${event.event} shown as happened in the future`)
    for (const event of s.rawEvents)
      if (late(event.actual_at) || late(event.created_at))
        problems.push(`${s.plan.billOfLading} raw ${event.event} shown as happened in the future`)
  }
}

/** Every way the shipments break the one schedule, as sentences; empty when they keep to it. */
export function fleetTruth(fleet: Fleet, shipments: Generated[], now: number) {
  const problems: string[] = []
  const legs = distinctLegs(shipments)
  voyagesOverlap(legs, problems)
  callTimes(fleet, legs, problems)
  sharedArrivals(shipments, problems)
  for (const [vessel, fixes] of vesselFixes(fleet, legs, now)) speeds(vessel, fixes, problems)
  nothingFromTheFuture(shipments, now, problems)
  const voyages = new Set(legs.map((l) => `${l.vessel.id} ${l.voyageNumber}`)).size
  return { problems, legs: legs.length, voyages, vessels: new Set(legs.map((l) => l.vessel.id)).size }
}

/**
 * The demo account's first `count` shipments at `now`, made in memory exactly as the loader makes them
 * (same seed, same stream, same order) and checked against the one schedule. Each shipment's rows are
 * checked as they are made and dropped; only its plan and arrival are kept, so 100,000 fit in memory.
 */
export function checkDemoSeed(count: number, now: Date, onProgress?: (made: number) => void) {
  const reference = referenceRows()
  const planning = planningReferenceFrom(reference)
  const accountId = '00000000-0000-4000-8000-00000000d3e0'
  const random = seededRandom(`quayside:${accountId}:${now.toISOString().slice(0, 10)}`)
  random.uuid() // the demo user, as the loader draws it
  const customers = CUSTOMERS.map((company_name) => ({ id: random.uuid(), company_name }))
  const next = demoShipments({ accountId, now, reference, planning, customers, random, count })
  const problems: string[] = []
  const kept: Generated[] = []
  for (let n = 0; n < count; n++) {
    const made = next() as unknown as Generated
    nothingFromTheFuture([made], now.getTime(), problems)
    const { pod_eta_at, pod_original_eta_at, pod_ata_at } = made.shipment
    kept.push({
      plan: { ...made.plan, containers: [] },
      shipment: { pod_eta_at, pod_original_eta_at, pod_ata_at },
      containers: [],
      transportEvents: [],
      rawEvents: [],
    })
    if ((n + 1) % 10_000 === 0) onProgress?.(n + 1)
  }
  const generatedAt = performance.now()
  const result = fleetTruth(fleetOf(planning), kept, now.getTime())
  return { ...result, problems: [...problems, ...result.problems], checkMs: performance.now() - generatedAt }
}
