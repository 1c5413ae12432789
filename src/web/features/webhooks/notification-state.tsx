import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { WebhookNotification } from '../../../contract/webhooks'
import { useWriteAccess } from '../../components/access/write-access'
import { Time } from '../../components/time/time'
import { webhookApi, webhookQueries } from './webhook-queries'
import { deliveryState, deliveryStateIcon, deliveryStateWords, failureWords } from './webhook-words'

export function NotificationState({ id, a }: { id: string; a: WebhookNotification['attributes'] }) {
  const queryClient = useQueryClient()
  const { canWrite, reason } = useWriteAccess('admin')
  const redeliver = useMutation({
    mutationFn: () => webhookApi.redeliver(id),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: webhookQueries.all() }),
  })
  const state = deliveryState(a)
  return (
    <section
      aria-label="State"
      className={`answer answer-${state === 'failed' ? 'bad' : state === 'succeeded' ? 'good' : 'info'}`}
    >
      <p className="answer-headline" aria-live="polite">
        <span aria-hidden="true">{deliveryStateIcon(state)} </span>
        {deliveryStateWords(state)}
        {state === 'retrying' && a.next_attempt_at ? (
          <>
            {' '}
            · next attempt <Time value={a.next_attempt_at} />
          </>
        ) : null}
      </p>
      {canWrite ? (
        <button
          type="button"
          className="secondary"
          disabled={redeliver.isPending}
          onClick={() => redeliver.mutate()}
        >
          {redeliver.isPending ? 'Queuing…' : 'Redeliver'}
        </button>
      ) : (
        <p className="read-only-notice" role="note">
          Redelivering is not available: {reason}.
        </p>
      )}
      <p aria-live="polite" className="small">
        {redeliver.error
          ? `Not redelivered: ${failureWords(redeliver.error)}`
          : redeliver.isSuccess
            ? 'Queued: it will be sent again under the same id.'
            : ''}
      </p>
    </section>
  )
}
