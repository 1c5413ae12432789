import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type Shipment, ShipmentDocumentSchema } from '../../../contract/shipments'
import { api } from '../../api/api-client'
import { ReadOnlyNotice, useWriteAccess } from '../../components/access/write-access'
import { Time } from '../../components/time/time'
import { showToast } from '../../components/toast/toasts'
import { shipmentQueries } from './shipment-queries'

/** The reasons the reference names, and `user`, which older Quayside servers sent for cancelled_by_user. */
const REASONS: Record<string, string> = {
  cancelled_by_user: 'someone on your team stopped it',
  user: 'someone on your team stopped it',
  all_containers_terminated: 'every container has been returned empty',
  past_arrival_window: 'the shipment is long past its arrival',
  past_full_out_window: 'the containers were picked up long ago',
  no_updates_at_line: 'the carrier stopped reporting on it',
  booking_cancelled: 'the booking was cancelled',
  expired: 'the shipment is too old to track',
  not_found: 'the carrier no longer knows the number',
}

type Action = 'stop_tracking' | 'resume_tracking'
const OPPOSITE: Record<Action, Action> = {
  stop_tracking: 'resume_tracking',
  resume_tracking: 'stop_tracking',
}

export function LineTracking({ shipment }: { shipment: Shipment }) {
  const queryClient = useQueryClient()
  const { canWrite } = useWriteAccess()
  const a = shipment.attributes
  const stopped = Boolean(a.line_tracking_stopped_at)
  const change = useMutation({
    mutationFn: ({ action }: { action: Action; undo?: boolean }) =>
      api.patch(`/shipments/${shipment.id}/${action}`, undefined, ShipmentDocumentSchema),
    onSuccess: (document, { action, undo }) => {
      queryClient.setQueryData(shipmentQueries.detail(shipment.id).queryKey, (old) =>
        old ? { ...old, data: document.data } : old,
      )
      // the toast's Undo runs the opposite action, which says nothing more itself
      if (!undo)
        showToast({
          tone: 'done',
          text: action === 'stop_tracking' ? 'Tracking stopped.' : 'Tracking resumed.',
          undo: () => change.mutateAsync({ action: OPPOSITE[action], undo: true }),
        })
      return queryClient.invalidateQueries({ queryKey: shipmentQueries.all() })
    },
    onError: (error, { action }) =>
      showToast({
        tone: 'failed',
        text: `Couldn't ${action === 'stop_tracking' ? 'stop' : 'resume'} tracking: ${error.message}`,
      }),
  })
  const reason = a.line_tracking_stopped_reason
  return (
    <section aria-labelledby="line-tracking-title">
      <h2 id="line-tracking-title">Tracking with the carrier</h2>
      <dl>
        <div>
          <dt>Last checked</dt>
          <dd>
            <Time value={a.line_tracking_last_attempted_at} fallback="Never" />
          </dd>
        </div>
        <div>
          <dt>Last answered</dt>
          <dd>
            <Time value={a.line_tracking_last_succeeded_at} fallback="Never" />
          </dd>
        </div>
        {a.upstream_checked_at ? (
          <div>
            <dt>Checked with the upstream</dt>
            <dd>
              <Time value={a.upstream_checked_at} />
            </dd>
          </div>
        ) : null}
        <div>
          <dt>Status</dt>
          <dd>
            {stopped ? (
              <>
                Stopped <Time value={a.line_tracking_stopped_at} />
                {reason ? `: ${REASONS[reason] ?? reason.replaceAll('_', ' ')}` : ''}
              </>
            ) : (
              'Tracking'
            )}
          </dd>
        </div>
      </dl>
      <button
        type="button"
        className="secondary"
        disabled={change.isPending || !canWrite}
        aria-describedby={canWrite ? undefined : 'line-tracking-read-only'}
        onClick={() => change.mutate({ action: stopped ? 'resume_tracking' : 'stop_tracking' })}
      >
        {change.isPending ? 'Saving…' : stopped ? 'Resume tracking' : 'Stop tracking'}
      </button>
      <ReadOnlyNotice id="line-tracking-read-only" action="Stopping and resuming tracking" />
    </section>
  )
}
