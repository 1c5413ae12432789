import { useState } from 'react'
import { returnZoneOf } from '../../contract/detention'
import type { AnyResource } from '../../contract/document'
import type { TrackingGraph } from './widget-api'
import { attr, type Ctx, text } from './widget-context'
import { Fact } from './widget-fact'
import { formatMoment, formatMoney } from './widget-format'
import { feeWords, widgetState } from './widget-state'

type WidgetState = ReturnType<typeof widgetState>
type Fee = { type?: string; amount?: unknown; currency_code?: string }

function ContainerFacts({ container, state, ctx }: { container: AnyResource; state: WidgetState; ctx: Ctx }) {
  const { m, locale, zone } = ctx
  const shares = (name: string) => container.attributes !== undefined && name in container.attributes
  const fees = (
    Array.isArray(attr(container, 'fees_at_pod_terminal')) ? attr(container, 'fees_at_pod_terminal') : []
  ) as Fee[]
  const lfd = formatMoment(attr(container, 'pickup_lfd'), locale, zone(attr(container, 'pod_timezone')), true)
  return (
    <dl className="facts" part="facts">
      {state && <Fact label={m.t('status')} value={state.headline} m={m} />}
      {shares('holds_at_pod_terminal') && (
        <Fact label={m.t('holds')} value={state?.holds || m.t('noHolds')} m={m} />
      )}
      {shares('pickup_lfd') && <Fact label={m.t('lastFreeDay')} value={lfd} m={m} />}
      {shares('fees_at_pod_terminal') && (
        <Fact
          label={m.t('fees')}
          value={
            fees
              .map(
                (fee) =>
                  `${feeWords(fee.type, locale)}: ${formatMoney(fee.amount, fee.currency_code, locale)}`,
              )
              .join(', ') || m.t('noFees')
          }
          m={m}
        />
      )}
      {state?.detention && (
        <DetentionFacts detention={state.detention} ctx={ctx} zone={returnZoneOf(attributesOf(container))} />
      )}
    </dl>
  )
}

type Detention = NonNullable<NonNullable<WidgetState>['detention']>

function DetentionFacts({ detention, ctx, zone }: { detention: Detention; ctx: Ctx; zone: string }) {
  const { m, locale } = ctx
  const cash = (amount: number) => formatMoney(amount, detention.currency, locale) ?? ''
  return (
    <>
      <Fact
        label={m.t('returnEmptyBy')}
        value={formatMoment(detention.deadline, locale, ctx.zone(zone), true)}
        m={m}
      />
      <Fact
        label={m.t('detention')}
        value={
          detention.returned
            ? m.t('detentionTotal', { total: cash(detention.cost) })
            : m.t('detentionToday', { today: cash(detention.cost), perDay: cash(detention.perDay) })
        }
        m={m}
      />
    </>
  )
}

const attributesOf = (container: AnyResource) => (container.attributes ?? {}) as Record<string, string>

function ContainerTimeline(props: {
  id: string
  number: string
  events: AnyResource[]
  graph: TrackingGraph
  ctx: Ctx
}) {
  const { id, number, events, graph, ctx } = props
  const { m, locale, zone } = ctx
  return (
    <ol id={id} className="events" part="timeline" aria-label={`${m.t('timeline')} ${number}`}>
      {events.length === 0 && <li>{m.t('noEvents')}</li>}
      {events.map((event) => {
        const place = graph.placeOf(event)
        return (
          <li key={event.id} className="event" part="event">
            <span className="event-name">{m.event(String(attr(event, 'event') ?? ''))}</span>{' '}
            <span className="event-place">
              {text(place ? attr(place, 'name') : undefined) ?? text(attr(event, 'location_locode')) ?? ''}
            </span>{' '}
            <time dateTime={String(attr(event, 'timestamp') ?? '')}>
              {formatMoment(attr(event, 'timestamp'), locale, zone(attr(event, 'timezone')))}
            </time>
          </li>
        )
      })}
    </ol>
  )
}

export function ContainerRow({
  container,
  graph,
  ctx,
}: {
  container: AnyResource
  graph: TrackingGraph
  ctx: Ctx
}) {
  const { m, locale, props } = ctx
  const number = text(attr(container, 'number')) ?? container.id
  const status = attr(container, 'current_status')
  const state = widgetState(container, locale)
  const timelineShared =
    (container.relationships as Record<string, unknown> | undefined)?.transport_events !== undefined
  const [open, setOpen] = useState(props.view === 'timeline')
  const eventsId = `e-${container.id}`
  return (
    <li className="container" part="container">
      <div className="row">
        <button
          type="button"
          className="link"
          part="select"
          aria-expanded={timelineShared ? open : undefined}
          aria-controls={timelineShared ? eventsId : undefined}
          aria-label={timelineShared ? m.t('showTimeline', { number }) : undefined}
          onClick={() => {
            if (timelineShared) setOpen(!open)
            props.onSelect('container', container.id, number)
          }}
        >
          {number}
        </button>
        <span className={`status status-${state?.kind ?? String(status)}`} part="status">
          {state?.label ?? m.status(status)}
        </span>
      </div>
      <ContainerFacts container={container} state={state} ctx={ctx} />
      {timelineShared && open && (
        <ContainerTimeline
          id={eventsId}
          number={number}
          events={graph.eventsOf(container)}
          graph={graph}
          ctx={ctx}
        />
      )}
    </li>
  )
}
