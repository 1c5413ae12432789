import type { ContainerBoardDocument } from '../../../contract/container-board'
import type { Container } from '../../../contract/containers'
import { PartySchema } from '../../../contract/parties'
import { ShipmentSchema } from '../../../contract/shipments'
import { TerminalSchema } from '../../../contract/terminals'
import { createIncludeGraph } from '../../api/include-graph'
import { type ContainerState, containerState } from '../../components/status/container-state'
import { localDateIn } from '../../components/time/format-time'
import type { PickupDay } from './pickup-queries'

export type PickupRow = {
  container: Container
  state: ContainerState
  zone: string
  day: 'today' | 'tomorrow'
  terminalName?: string
  truckerName?: string
}

const nextDay = (date: string) => {
  const d = new Date(`${date}T12:00:00Z`)
  d.setUTCDate(d.getUTCDate() + 1)
  return d.toISOString().slice(0, 10)
}

/** Today and tomorrow in each container's own port, as the trucker there counts them. */
export function pickupRows(document: ContainerBoardDocument, now: Date, day: PickupDay): PickupRow[] {
  const graph = createIncludeGraph(document)
  return document.data.flatMap((container) => {
    const a = container.attributes
    const zone = a.pod_timezone ?? 'UTC'
    const at = a.next_appointment_at
    if (!at) return []
    const today = localDateIn(now.toISOString(), zone)!
    const on = localDateIn(at, zone)
    const which = on === today ? 'today' : on === nextDay(today) ? 'tomorrow' : undefined
    if (!which || (day !== 'both' && day !== which)) return []
    const terminal = graph.one(container, 'pod_terminal', TerminalSchema)
    const shipment = graph.one(container, 'shipment', ShipmentSchema)
    const state = containerState(
      a,
      {
        terminalName: terminal?.attributes.name,
        vesselName: shipment?.attributes.pod_vessel_name,
        eta: shipment?.attributes.pod_eta_at,
      },
      now,
    )
    return [
      {
        container,
        state,
        zone,
        day: which,
        terminalName: terminal?.attributes.name ?? undefined,
        truckerName: graph.one(container, 'trucker', PartySchema)?.attributes.company_name ?? undefined,
      },
    ]
  })
}
