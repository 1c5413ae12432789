import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import type { Webhook } from '../../../contract/webhooks'
import { showToast } from '../../components/toast/toasts'
import { webhookApi, webhookQueries } from './webhook-queries'
import { failureWords } from './webhook-words'

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

/** Under their own ids. */
export function RedeliverFailed({ webhook }: { webhook: Webhook }) {
  const id = useId()
  const queryClient = useQueryClient()
  const day = 86_400_000
  const local = (ms: number) =>
    new Date(ms - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 16)
  const [from, setFrom] = useState(() => local(Date.now() - day))
  const [to, setTo] = useState(() => local(Date.now()))
  const redeliver = useMutation({
    mutationFn: () =>
      webhookApi.redeliverFailed(webhook.id, {
        from: new Date(from).toISOString(),
        to: new Date(to).toISOString(),
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: webhookQueries.all() }),
  })
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Redeliver failed notifications</h2>
      <p className="hint">
        Each is sent again with its own id, so your endpoint can recognise one it already has.
      </p>
      <form
        className="inline"
        onSubmit={(event) => {
          event.preventDefault()
          redeliver.mutate()
        }}
      >
        <div className="field">
          <label htmlFor={`${id}-from`}>Written from</label>
          <input
            id={`${id}-from`}
            type="datetime-local"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-to`}>to</label>
          <input id={`${id}-to`} type="datetime-local" value={to} onChange={(e) => setTo(e.target.value)} />
        </div>
        <button type="submit" className="secondary" disabled={redeliver.isPending || !from || !to}>
          {redeliver.isPending ? 'Queuing…' : 'Redeliver failed'}
        </button>
      </form>
      <p aria-live="polite">
        {redeliver.error ? (
          <span className="field-error">Nothing was redelivered: {failureWords(redeliver.error)}</span>
        ) : redeliver.data ? (
          `${plural(redeliver.data.redelivered, 'failed notification')} queued to send again.`
        ) : null}
      </p>
    </section>
  )
}

export function DeleteWebhook({ webhook }: { webhook: Webhook }) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const health = useQuery(webhookQueries.health())
  const pending = health.data?.data.find((h) => h.id === webhook.id)?.attributes.pending ?? 0
  const remove = useMutation({
    mutationFn: () => webhookApi.remove(webhook.id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: webhookQueries.all() })
      showToast({ tone: 'done', text: `Deleted the webhook to ${webhook.attributes.url}.` })
      navigate('/webhooks')
    },
  })
  const confirmText = `Delete the webhook to ${webhook.attributes.url}? ${
    pending > 0
      ? `${plural(pending, 'notification')} not delivered yet will never be sent.`
      : 'It has no notifications waiting.'
  } Its delivery log goes with it.`
  return (
    <section aria-labelledby="delete-title">
      <h2 id="delete-title">Delete</h2>
      <p>
        {pending > 0
          ? `${plural(pending, 'notification')} are waiting to be delivered.`
          : 'No notifications are waiting.'}
      </p>
      <button
        type="button"
        className="danger"
        disabled={remove.isPending}
        onClick={() => {
          if (window.confirm(confirmText)) remove.mutate()
        }}
      >
        {remove.isPending ? 'Deleting…' : 'Delete webhook'}
      </button>
      {remove.error ? (
        <p className="field-error" role="alert">
          The webhook was not deleted: {failureWords(remove.error)}
        </p>
      ) : null}
    </section>
  )
}
