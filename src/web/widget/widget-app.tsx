import { useEffect, useRef, useState } from 'react'
import type { AnyResource } from '../../contract/document'
import { EmbedFailure, type FailureCode, loadTracking, type TrackingGraph } from './widget-api'
import { formatMoment, formatMoney } from './widget-format'
import { type Locale, messagesFor, type WidgetMessages } from './widget-messages'
import { feeWords, widgetState } from './widget-state'

export type WidgetView = 'summary' | 'containers' | 'timeline'

export type WidgetProps = {
  token: string
  shipment?: string
  number?: string
  view: WidgetView
  locale: Locale
  /** `port`: every time in the zone of the place it happens; `viewer`: in the browser's zone. */
  timeZone: 'port' | 'viewer'
  scheme: 'light' | 'dark'
  onLoaded: (count: number) => void
  onFailed: (code: FailureCode, message: string) => void
  onSelect: (type: string, id: string, number: string) => void
}

type Ctx = {
  m: WidgetMessages
  locale: Locale
  zone: (portZone: unknown) => string | undefined
  props: WidgetProps
}

const attr = (resource: AnyResource, name: string) => resource.attributes?.[name]
const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null)

const FAILURE_MESSAGE: Record<FailureCode, Parameters<WidgetMessages['t']>[0]> = {
  revoked: 'errorRevoked',
  expired: 'errorExpired',
  origin: 'errorOrigin',
  unknown: 'errorUnknown',
  limited: 'errorLimited',
  not_found: 'errorNotFound',
  network: 'errorNetwork',
  number: 'errorNumber',
}

/** The tracking widget: loads what its token shows and renders the chosen view. */
export function WidgetApp(props: WidgetProps) {
  const m = messagesFor(props.locale)
  const [state, setState] = useState<
    { kind: 'loading' } | { kind: 'failed'; code: FailureCode } | { kind: 'ready'; graph: TrackingGraph }
  >({ kind: 'loading' })
  const [attempt, setAttempt] = useState(0)
  const { token, shipment } = props
  // a track-by-number token asks the visitor for a number when the host page gives none
  const [typed, setTyped] = useState<string>()
  const number = props.number ?? typed
  // the host's listeners and language as they are when a load ends, without reloading when they change
  const latest = useRef(props)
  latest.current = props

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt (Try again) loads once more
  useEffect(() => {
    const controller = new AbortController()
    setState({ kind: 'loading' })
    const target = { shipment, number }
    const load = token
      ? loadTracking(token, target, controller.signal)
      : Promise.reject(new EmbedFailure('unknown'))
    load.then(
      (graph) => {
        setState({ kind: 'ready', graph })
        latest.current.onLoaded(graph.shipments.length)
      },
      (error: unknown) => {
        if (controller.signal.aborted) return
        const code = error instanceof EmbedFailure ? error.code : 'network'
        setState({ kind: 'failed', code })
        // waiting for the visitor's number is no failure
        if (code !== 'number')
          latest.current.onFailed(code, messagesFor(latest.current.locale).t(FAILURE_MESSAGE[code]))
      },
    )
    return () => controller.abort()
  }, [token, shipment, number, attempt])

  const ctx: Ctx = {
    m,
    locale: props.locale,
    zone: (portZone) => (props.timeZone === 'port' && typeof portZone === 'string' ? portZone : undefined),
    props,
  }
  return (
    <section
      className="widget"
      data-scheme={props.scheme}
      part="root"
      aria-label={m.t('shipments')}
      aria-busy={state.kind === 'loading'}
    >
      {state.kind === 'loading' && (
        <p className="message" part="message" role="status">
          {m.t('loading')}
        </p>
      )}
      {(state.kind === 'failed' && state.code === 'number') || (typed !== undefined && !props.number) ? (
        <NumberForm m={m} initial={typed ?? ''} onSubmit={setTyped} />
      ) : null}
      {state.kind === 'failed' && state.code !== 'number' && (
        <div className="message failed" part="message error" role="alert">
          <p>{m.t(FAILURE_MESSAGE[state.code])}</p>
          {(state.code === 'network' || state.code === 'limited') && (
            <button type="button" part="button" onClick={() => setAttempt((n) => n + 1)}>
              {m.t('retry')}
            </button>
          )}
        </div>
      )}
      {state.kind === 'ready' && state.graph.shipments.length === 0 && (
        <p className="message" part="message" role="status">
          {m.t(number ? 'emptyNumber' : 'empty')}
        </p>
      )}
      {state.kind === 'ready' &&
        state.graph.shipments.map((row) => (
          <ShipmentCard key={row.id} row={row} graph={state.graph} ctx={ctx} />
        ))}
      {state.kind === 'ready' && state.graph.shipments.length > 0 && (
        <p className="note" part="note">
          {props.timeZone === 'port' ? m.t('portTime') : m.t('yourTime')}
        </p>
      )}
    </section>
  )
}

function NumberForm({
  m,
  initial,
  onSubmit,
}: {
  m: WidgetMessages
  initial: string
  onSubmit: (n: string) => void
}) {
  const [value, setValue] = useState(initial)
  return (
    <form
      className="number-form"
      part="search"
      onSubmit={(event) => {
        event.preventDefault()
        if (value.trim()) onSubmit(value.trim().toUpperCase())
      }}
    >
      <label htmlFor="quayside-number">{m.t('errorNumber')}</label>
      <div className="row">
        <input
          id="quayside-number"
          part="input"
          value={value}
          autoComplete="off"
          spellCheck={false}
          maxLength={60}
          onChange={(event) => setValue(event.target.value)}
        />
        <button type="submit" part="button">
          {m.t('track')}
        </button>
      </div>
    </form>
  )
}

function ShipmentCard({ row, graph, ctx }: { row: AnyResource; graph: TrackingGraph; ctx: Ctx }) {
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

function Fact({ label, value, m }: { label: string; value: string | null; m: WidgetMessages }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value ?? m.t('unknown')}</dd>
    </div>
  )
}

function ContainerRow({ container, graph, ctx }: { container: AnyResource; graph: TrackingGraph; ctx: Ctx }) {
  const { m, locale, zone, props } = ctx
  const number = text(attr(container, 'number')) ?? container.id
  const status = attr(container, 'current_status')
  const state = widgetState(container, locale)
  const shares = (name: string) => container.attributes !== undefined && name in container.attributes
  const events = graph.eventsOf(container)
  const timelineShared =
    (container.relationships as Record<string, unknown> | undefined)?.transport_events !== undefined
  const [open, setOpen] = useState(props.view === 'timeline')
  const fees = (
    Array.isArray(attr(container, 'fees_at_pod_terminal')) ? attr(container, 'fees_at_pod_terminal') : []
  ) as {
    type?: string
    amount?: unknown
    currency_code?: string
  }[]
  const lfd = formatMoment(attr(container, 'pickup_lfd'), locale, zone(attr(container, 'pod_timezone')), true)
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
      <dl className="facts" part="facts">
        {state && <Fact label={m.t('status')} value={state.headline} m={m} />}
        {shares('holds_at_pod_terminal') && (
          <Fact label={m.t('holds')} value={state?.holds.join(', ') || m.t('noHolds')} m={m} />
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
      </dl>
      {timelineShared && open && (
        <ol id={eventsId} className="events" part="timeline" aria-label={`${m.t('timeline')} ${number}`}>
          {events.length === 0 && <li>{m.t('noEvents')}</li>}
          {events.map((event) => {
            const place = graph.placeOf(event)
            return (
              <li key={event.id} className="event" part="event">
                <span className="event-name">{m.event(String(attr(event, 'event') ?? ''))}</span>{' '}
                <span className="event-place">
                  {text(place ? attr(place, 'name') : undefined) ??
                    text(attr(event, 'location_locode')) ??
                    ''}
                </span>{' '}
                <time dateTime={String(attr(event, 'timestamp') ?? '')}>
                  {formatMoment(attr(event, 'timestamp'), locale, zone(attr(event, 'timezone')))}
                </time>
              </li>
            )
          })}
        </ol>
      )}
    </li>
  )
}
