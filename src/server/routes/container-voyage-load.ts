import type { Clock } from '../clock'
import { problem } from '../http/problem'
import type { Container } from '../storage/container-store'
import { iso } from '../storage/iso-time'
import type { Storage } from '../storage/storage'
import { containerRoute } from '../tracking/container-route'
import { etaRange, forecastToPod } from '../tracking/vessel-positions'

export function voyageLoader(storage: Storage, clock: Clock) {
  return async (container: Container) => {
    const plan = await storage.shipments.voyage(container.account_id, container.shipment_id)
    if (!plan)
      throw problem(422, {
        detail: 'This container has no voyage to draw yet: its shipping line has not told us its route',
        code: 'no_route',
      })
    const voyage = containerRoute(plan, clock.now().getTime())
    const ports = new Map(
      (await storage.reference.portsByIds(voyage.ports.map((p) => p.place.id))).map((p) => [p.id, p]),
    )
    return { container, voyage, ports, plan }
  }
}

type Plan = NonNullable<Awaited<ReturnType<Storage['shipments']['voyage']>>>

export function voyageForecast(plan: Plan, now: number) {
  const range = etaRange(plan, now)
  const time = (ms: number) => iso(new Date(ms))
  return {
    eta_range: { earliest: time(range.earliest), likely: time(range.likely), latest: time(range.latest) },
    path: forecastToPod(plan, now).map((p) => ({ ...p, timestamp: time(p.timestamp) })),
  }
}
