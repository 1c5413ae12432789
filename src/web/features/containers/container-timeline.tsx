import { useQuery } from '@tanstack/react-query'
import type { z } from 'zod/mini'
import type { ContainerDocumentSchema } from '../../../contract/containers'
import { eventKindLabel } from '../../../contract/event-kinds'
import { PortSchema } from '../../../contract/ports'
import { TerminalSchema } from '../../../contract/terminals'
import { TransportEventSchema } from '../../../contract/transport-events'
import { VesselSchema } from '../../../contract/vessels'
import { createIncludeGraph } from '../../api/include-graph'
import { Time } from '../../components/time/time'
import { containerQueries } from './container-queries'

type Props = { containerId: string; document: z.infer<typeof ContainerDocumentSchema>; showRaw: boolean }

/** Milestones in each place's own time zone, or the carrier's raw events in their original wording. */
export function ContainerTimeline({ containerId, document, showRaw }: Props) {
  const raw = useQuery({ ...containerQueries.rawEvents(containerId), enabled: showRaw })
  if (showRaw) {
    if (raw.error) throw raw.error
    if (raw.isPending) return <p aria-busy="true">Loading the carrier's events…</p>
    if (raw.data.data.length === 0) return <p>The carrier has not reported any events yet.</p>
    return (
      <ol className="timeline">
        {[...raw.data.data]
          .sort((x, y) => (x.attributes.index ?? 0) - (y.attributes.index ?? 0))
          .map((event) => (
            <li key={event.id} className={event.attributes.estimated ? 'estimated' : 'actual'}>
              <strong>{event.attributes.original_event}</strong>
              {event.attributes.estimated ? <span className="badge">Estimated</span> : null}
              <div className="muted">
                {[
                  event.attributes.location_name,
                  event.attributes.vessel_name,
                  event.attributes.voyage_number,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </div>
              <Time value={event.attributes.timestamp} zone={event.attributes.timezone} />
            </li>
          ))}
      </ol>
    )
  }
  const graph = createIncludeGraph(document)
  const events = graph.many(document.data, 'transport_events', TransportEventSchema)
  if (events.length === 0)
    return <p>No milestones yet: the first appears when the empty container is picked up.</p>
  return (
    <ol className="timeline">
      {events.map((event) => {
        const location = graph.one(event, 'location', PortSchema)
        const terminal = graph.one(event, 'terminal', TerminalSchema)
        const vessel = graph.one(event, 'vessel', VesselSchema)
        const estimated = event.attributes.event.includes('.estimated.')
        return (
          <li key={event.id} className={estimated ? 'estimated' : 'actual'}>
            <strong>{eventKindLabel(event.attributes.event)}</strong>
            {estimated ? <span className="badge">Estimated</span> : null}
            <div className="muted">
              {[
                location?.attributes.name ?? event.attributes.location_locode,
                terminal?.attributes.name,
                vessel?.attributes.name,
                event.attributes.voyage_number,
              ]
                .filter(Boolean)
                .join(' · ')}
            </div>
            <Time value={event.attributes.timestamp} zone={event.attributes.timezone} />
          </li>
        )
      })}
    </ol>
  )
}
