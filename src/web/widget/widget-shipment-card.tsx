import type { AnyResource } from '../../contract/document'
import type { TrackingGraph } from './widget-api'
import { ContainerRow } from './widget-container-row'
import { attr, type Ctx, text } from './widget-context'
import { Fact } from './widget-fact'
import { formatMoment } from './widget-format'
import { widgetState } from './widget-state'

export function ShipmentCard({ row, graph, ctx }: { row: AnyResource; graph: TrackingGraph; ctx: Ctx }) {
  const { m, locale, zone, props } = ctx
  const number = text(attr(row, 'bill_of_lading_number')) ?? row.id
  const arrived = formatMoment(attr(row, 'pod_ata_at'), locale, zone(attr(row, 'pod_timezone')))
  const eta = formatMoment(attr(row, 'pod_eta_at'), locale, zone(attr(row, 'pod_timezone')))
  const departed = formatMoment(attr(row, 'pol_atd_at'), locale, zone(attr(row, 'pol_timezone')))
  const etd = formatMoment(attr(row, 'pol_etd_at'), locale, zone(attr(row, 'pol_timezone')))
  const vessel = text(attr(row, 'pod_vessel_name'))
  const containers = graph.containersOf(row)
  return (
    <article className="shipment" part="shipment" aria-labelledby={`s-${row.id}`}>
      <h2 id={`s-${row.id}`} part="heading">
        <button
          type="button"
          className="link"
          part="select"
          onClick={() => props.onSelect('shipment', row.id, number)}
        >
          {m.t('shipment')} {number}
        </button>
      </h2>
      <dl className="facts" part="facts">
        <Fact
          label={m.t('line')}
          value={text(attr(row, 'shipping_line_name')) ?? text(attr(row, 'shipping_line_scac'))}
          m={m}
        />
        <Fact label={m.t('from')} value={text(attr(row, 'port_of_lading_name'))} m={m} />
        <Fact label={m.t('to')} value={text(attr(row, 'port_of_discharge_name'))} m={m} />
        <Fact label={departed ? m.t('atd') : m.t('etd')} value={departed ?? etd} m={m} />
        <Fact label={arrived ? m.t('ata') : m.t('eta')} value={arrived ?? eta} m={m} />
        {vessel !== null && <Fact label={m.t('vessel')} value={vessel} m={m} />}
      </dl>
      {props.view === 'summary' && (
        <p className="counts" part="counts">
          {containers.length} {m.t('containers').toLowerCase()}:{' '}
          {containers
            .map(
              (c) =>
                `${text(attr(c, 'number'))} (${widgetState(c, ctx.locale)?.label ?? m.status(attr(c, 'current_status'))})`,
            )
            .join(', ')}
        </p>
      )}
      {props.view !== 'summary' && (
        <ul className="containers" part="containers" aria-label={m.t('containers')}>
          {containers.map((container) => (
            <ContainerRow key={container.id} container={container} graph={graph} ctx={ctx} />
          ))}
        </ul>
      )}
    </article>
  )
}
