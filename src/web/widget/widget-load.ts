import { useEffect, useRef, useState } from 'react'
import { EmbedFailure, type FailureCode, loadTracking, type TrackingGraph } from './widget-api'
import type { WidgetProps } from './widget-context'
import { messagesFor, type WidgetMessages } from './widget-messages'

export const FAILURE_MESSAGE: Record<FailureCode, Parameters<WidgetMessages['t']>[0]> = {
  revoked: 'errorRevoked',
  expired: 'errorExpired',
  origin: 'errorOrigin',
  unknown: 'errorUnknown',
  limited: 'errorLimited',
  not_found: 'errorNotFound',
  network: 'errorNetwork',
  number: 'errorNumber',
}

export type WidgetLoad =
  | { kind: 'loading' }
  | { kind: 'failed'; code: FailureCode }
  | { kind: 'ready'; graph: TrackingGraph }

/** The host hears of the end through its listeners, without a reload when they change. */
export function useWidgetLoad(props: WidgetProps, number: string | undefined) {
  const [state, setState] = useState<WidgetLoad>({ kind: 'loading' })
  const [attempt, setAttempt] = useState(0)
  const { token, shipment } = props
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

  return { state, retry: () => setAttempt((n) => n + 1) }
}
