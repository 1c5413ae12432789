import type { Clock } from '../clock'
import type { Deps } from '../deps'
import { requireUuid } from '../http/params'
import { notFound, Problem, problem } from '../http/problem'

/** The line and terminal are asked, not hammered. */
const REFRESH_EVERY_MS = 60_000

export function refreshLimit(wallClock: Clock) {
  const lastRefresh = new Map<string, number>()
  return (containerId: string) => {
    const now = wallClock.now().getTime()
    for (const [id, at] of lastRefresh) if (now - at >= REFRESH_EVERY_MS) lastRefresh.delete(id)
    const last = lastRefresh.get(containerId)
    if (last !== undefined) {
      const seconds = Math.max(1, Math.ceil((last + REFRESH_EVERY_MS - now) / 1000))
      throw new Problem(
        429,
        [
          {
            status: '429',
            title: 'Too Many Requests',
            detail: `This container was refreshed less than a minute ago; try again in ${seconds} s`,
            code: 'refresh_limited',
          },
        ],
        { 'Retry-After': String(seconds) },
      )
    }
    lastRefresh.set(containerId, now)
  }
}

export async function refreshContainer(
  { storage, clock, carrier }: Pick<Deps, 'storage' | 'clock' | 'carrier'>,
  take: (containerId: string) => void,
  accountId: string,
  rawId: string,
) {
  const container = await storage.containers.get(accountId, requireUuid(rawId, 'container'))
  if (!container) throw notFound('container', rawId)
  if (!carrier)
    throw problem(503, {
      detail: 'No carrier integration is configured, so there is nobody to ask',
      code: 'no_carrier',
    })
  const [shipment] = await storage.shipments.byIds(accountId, [container.shipment_id])
  take(container.id)
  const now = clock.now()
  const answer = await carrier.refresh({
    scac: shipment.shipping_line_scac,
    billOfLading: shipment.bill_of_lading_number,
    containerNumber: container.number,
    byRail: Boolean(container.ind_rail_carrier_scac ?? container.pod_rail_carrier_scac),
    now,
  })
  // the engine brings the shipment up to date at its next tick
  if (!shipment.line_tracking_stopped_at)
    await storage.shipments.update(accountId, shipment.id, {
      next_update_at: now,
      line_tracking_last_attempted_at: now,
    })
  return answer
}
