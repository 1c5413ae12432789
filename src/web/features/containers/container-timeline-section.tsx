import type { Shipment } from '../../../contract/shipments'
import { useUrlParam } from '../../components/layout/use-url-param'
import { ContainerTimeline } from './container-timeline'

/** Both switches are kept in the URL. */
export function ContainerTimelineSection(props: {
  document: Parameters<typeof ContainerTimeline>[0]['document']
  shipment: Shipment | undefined
}) {
  const { document, shipment } = props
  const [events, setEvents] = useUrlParam('events')
  const [order, setOrder] = useUrlParam('order')
  const showRaw = events === 'carrier'
  const newestFirst = order === 'newest'
  return (
    <section aria-labelledby="timeline-title">
      <h2 id="timeline-title">Timeline</h2>
      <div className="timeline-controls">
        <fieldset className="toggle">
          <legend className="visually-hidden">Events to show</legend>
          <button type="button" aria-pressed={!showRaw} onClick={() => setEvents(undefined)}>
            Milestones
          </button>
          <button type="button" aria-pressed={showRaw} onClick={() => setEvents('carrier')}>
            Carrier's own events
          </button>
        </fieldset>
        <fieldset className="toggle">
          <legend className="visually-hidden">Order</legend>
          <button type="button" aria-pressed={!newestFirst} onClick={() => setOrder(undefined)}>
            Oldest first
          </button>
          <button type="button" aria-pressed={newestFirst} onClick={() => setOrder('newest')}>
            Newest first
          </button>
        </fieldset>
      </div>
      <ContainerTimeline
        document={document}
        shipment={shipment}
        showRaw={showRaw}
        newestFirst={newestFirst}
      />
    </section>
  )
}
