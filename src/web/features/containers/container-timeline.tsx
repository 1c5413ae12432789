import { useQuery } from '@tanstack/react-query'
import type { z } from 'zod/mini'
import type { ContainerDocumentSchema } from '../../../contract/containers'
import { eventKindLabel } from '../../../contract/event-kinds'
import { PortSchema } from '../../../contract/ports'
import type { Shipment } from '../../../contract/shipments'
import { TerminalSchema } from '../../../contract/terminals'
import { TransportEventSchema } from '../../../contract/transport-events'
import { VesselSchema } from '../../../contract/vessels'
import { createIncludeGraph } from '../../api/include-graph'
import { serviceNow } from '../../api/service-clock'
import { Time } from '../../components/time/time'
import { containerQueries } from './container-queries'
import {
  drawnAsPlanned,
  foldRepeats,
  orderTimeline,
  plannedMilestones,
  type TimelineEntry,
} from './timeline-entries'

type Document = z.infer<typeof ContainerDocumentSchema>
type Props = { document: Document; shipment?: Shipment; showRaw: boolean; newestFirst: boolean }

function Entry({ entry }: { entry: TimelineEntry }) {
  return (
    <li className={entry.planned ? 'estimated' : 'actual'}>
      <strong>{entry.label}</strong>
      {entry.planned ? <span className="badge">Planned, estimated</span> : null}
      {entry.repeats ? <span className="badge">{entry.repeats.length} changes</span> : null}
      {entry.where ? <div className="muted">{entry.where}</div> : null}
      <Time value={entry.at} zone={entry.zone} />
      {entry.repeats ? (
        <details>
          <summary>Every change</summary>
          <ol className="plain small">
            {entry.repeats.map((repeat) => (
              <li key={`${repeat.at}`}>
                <Time value={repeat.at} zone={repeat.zone} />
              </li>
            ))}
          </ol>
        </details>
      ) : null}
    </li>
  )
}

function CarrierEvents({ containerId, newestFirst }: { containerId: string; newestFirst: boolean }) {
  const raw = useQuery(containerQueries.rawEvents(containerId))
  if (raw.error) throw raw.error
  if (raw.isPending) return <p aria-busy="true">Loading the carrier's events…</p>
  if (raw.data.data.length === 0) return <p>The carrier has not reported any events yet.</p>
  const events = [...raw.data.data].sort((x, y) => (x.attributes.index ?? 0) - (y.attributes.index ?? 0))
  if (newestFirst) events.reverse()
  return (
    <ol className="timeline">
      {events.map((event) => (
        <li key={event.id} className={event.attributes.estimated ? 'estimated' : 'actual'}>
          <strong>{event.attributes.original_event}</strong>
          {event.attributes.estimated ? <span className="badge">Estimated</span> : null}
          <div className="muted">
            {[event.attributes.location_name, event.attributes.vessel_name, event.attributes.voyage_number]
              .filter(Boolean)
              .join(' · ')}
          </div>
          <Time value={event.attributes.timestamp} zone={event.attributes.timezone} />
        </li>
      ))}
    </ol>
  )
}

export function ContainerTimeline({ document, shipment, showRaw, newestFirst }: Props) {
  if (showRaw) return <CarrierEvents containerId={document.data.id} newestFirst={newestFirst} />
  const graph = createIncludeGraph(document)
  const now = serviceNow()
  const happened = graph.many(document.data, 'transport_events', TransportEventSchema).map((event) => ({
    kind: event.attributes.event,
    key: event.id,
    label: eventKindLabel(event.attributes.event),
    at: event.attributes.timestamp,
    zone: event.attributes.timezone,
    planned: drawnAsPlanned(event.attributes.event, event.attributes.timestamp, now),
    where: [
      graph.one(event, 'location', PortSchema)?.attributes.name ?? event.attributes.location_locode,
      graph.one(event, 'terminal', TerminalSchema)?.attributes.name,
      graph.one(event, 'vessel', VesselSchema)?.attributes.name,
      event.attributes.voyage_number,
    ]
      .filter(Boolean)
      .join(' · '),
  }))
  const entries = orderTimeline(
    foldRepeats(happened),
    plannedMilestones(document.data, shipment, now),
    newestFirst,
  )
  if (entries.length === 0)
    return <p>No milestones yet: the first appears when the empty container is picked up.</p>
  return (
    <ol className="timeline">
      {entries.map((entry) => (
        <Entry key={entry.key} entry={entry} />
      ))}
    </ol>
  )
}
