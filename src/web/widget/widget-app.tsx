import { useState } from 'react'
import type { Ctx, WidgetProps } from './widget-context'
import { FAILURE_MESSAGE, useWidgetLoad, type WidgetLoad } from './widget-load'
import { messagesFor, type WidgetMessages } from './widget-messages'
import { NumberForm } from './widget-number-form'
import { ShipmentCard } from './widget-shipment-card'

function LoadFailure({ state, m, onRetry }: { state: WidgetLoad; m: WidgetMessages; onRetry: () => void }) {
  if (state.kind !== 'failed' || state.code === 'number') return null
  return (
    <div className="message failed" part="message error" role="alert">
      <p>{m.t(FAILURE_MESSAGE[state.code])}</p>
      {(state.code === 'network' || state.code === 'limited') && (
        <button type="button" part="button" onClick={onRetry}>
          {m.t('retry')}
        </button>
      )}
    </div>
  )
}

export function WidgetApp(props: WidgetProps) {
  const m = messagesFor(props.locale)
  // a track-by-number token asks the visitor for a number when the host page gives none
  const [typed, setTyped] = useState<string>()
  const number = props.number ?? typed
  const { state, retry } = useWidgetLoad(props, number)
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
      <LoadFailure state={state} m={m} onRetry={retry} />
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
