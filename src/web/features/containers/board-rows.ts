import type { BOARD_FIELDS, ContainerBoardDocument } from '../../../contract/container-board'
import type { Container } from '../../../contract/containers'
import { detentionProjection } from '../../../contract/detention'
import { type Shipment, ShipmentSchema } from '../../../contract/shipments'
import { type Terminal, TerminalSchema } from '../../../contract/terminals'
import { createIncludeGraph } from '../../api/include-graph'
import { serviceNow } from '../../api/service-clock'
import { type ContainerState, containerState } from '../../components/status/container-state'
import { type Projection, projectDemurrage } from '../../components/status/demurrage-projection'

/** Only what the board asks for, so a column reading more fails to compile rather than showing blanks. */
type Asked<R extends { id: string; attributes: object }, Name extends keyof R['attributes']> = {
  id: string
  attributes: Pick<R['attributes'], Name>
}

export type BoardRow = {
  container: Container
  shipment?: Asked<Shipment, (typeof BOARD_FIELDS.shipment)[number]>
  terminal?: Asked<Terminal, (typeof BOARD_FIELDS.terminal)[number]>
  state: ContainerState
  projection?: Projection
  /** Picked up with a deadline for the empty: detention if returned today, or what it came to. */
  detention?: ReturnType<typeof detentionProjection>
}

export function boardRows(document: ContainerBoardDocument, now = serviceNow()): BoardRow[] {
  const graph = createIncludeGraph(document)
  return document.data.map((container) => {
    const shipment = graph.one(container, 'shipment', ShipmentSchema)
    const terminal = graph.one(container, 'pod_terminal', TerminalSchema)
    const state = containerState(
      container.attributes,
      {
        terminalName: terminal?.attributes.name,
        vesselName: shipment?.attributes.pod_vessel_name,
        eta: shipment?.attributes.pod_eta_at,
      },
      now,
    )
    const projection = projectDemurrage(
      container.attributes,
      state.countdown,
      terminal?.attributes.demurrage_tariff,
    )
    const detention = detentionProjection(container.attributes, now)
    return { container, shipment, terminal, state, projection, detention }
  })
}
