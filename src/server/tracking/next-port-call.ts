import { iso } from '../storage/iso-time'
import type { Port } from '../storage/reference-store'
import type { SailingLeg } from '../storage/schema'

type Call = { code: string; arriveAt: number; eta?: SailingLeg['eta']; toPod?: boolean }

/** Their legs are one turn of one rotation, so their calls agree; ETA from the shipments' line, else the schedule. */
export function nextPortCall(
  rows: readonly { leg: SailingLeg | null }[] | undefined,
  ports: ReadonlyMap<string, Port>,
  now: number,
) {
  const legs = (rows ?? []).flatMap((row) => (row.leg ? [row.leg] : []))
  const calls: Call[] = legs.flatMap((leg) => [
    ...(leg.calls ?? []).map((call) => ({ code: call.code, arriveAt: call.arriveAt })),
    { code: leg.to, arriveAt: leg.arriveAt, eta: leg.eta, toPod: leg.toPod },
  ])
  const ahead = calls.filter((call) => call.arriveAt > now).sort((a, b) => a.arriveAt - b.arriveAt)
  const next = ahead[0]
  if (!next) return null
  const there = ahead.filter((call) => call.code === next.code && call.arriveAt === next.arriveAt)
  const ending = there.find((call) => call.eta)
  const eta = ending?.eta ?? { earliest: next.arriveAt, likely: next.arriveAt, latest: next.arriveAt }
  const port = ports.get(next.code)
  const time = (ms: number) => iso(new Date(ms))
  return {
    locode: next.code,
    name: port?.name ?? null,
    time_zone: port?.time_zone ?? null,
    is_port_of_discharge: there.some((call) => call.toPod),
    arrives_at: time(eta.likely),
    eta_range: { earliest: time(eta.earliest), likely: time(eta.likely), latest: time(eta.latest) },
  }
}
