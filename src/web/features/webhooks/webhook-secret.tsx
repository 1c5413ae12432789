import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { Webhook } from '../../../contract/webhooks'
import { Time } from '../../components/time/time'
import { SecretOnce } from './secret-once'
import { webhookApi, webhookQueries } from './webhook-queries'
import { failureWords } from './webhook-words'

/** Rotated with a day in which both secrets sign. */
export function WebhookSecret({ webhook, canWrite }: { webhook: Webhook; canWrite: boolean }) {
  const queryClient = useQueryClient()
  const [revealed, setRevealed] = useState(false)
  const [rotated, setRotated] = useState<string>()
  const rotate = useMutation({
    mutationFn: () => webhookApi.rotate(webhook.id),
    onSuccess: (document) => {
      setRotated(document.data.attributes.secret ?? undefined)
      queryClient.setQueryData(webhookQueries.detail(webhook.id).queryKey, document)
      void queryClient.invalidateQueries({ queryKey: webhookQueries.all() })
    },
  })
  const overlap = webhook.attributes.previous_secret_expires_at
  const overlapping = overlap && Date.parse(overlap) > Date.now()
  return (
    <section aria-labelledby="secret-title">
      <h2 id="secret-title">Signing secret</h2>
      {rotated ? <SecretOnce secret={rotated} title="The new secret" /> : null}
      {overlapping ? (
        <p>
          The previous secret still signs, beside the new one, until <Time value={overlap} />: each delivery
          carries two signatures in <code>webhook-signature</code> until then.
        </p>
      ) : null}
      {revealed && webhook.attributes.secret ? (
        <p>
          <code className="mono secret">{webhook.attributes.secret}</code>
        </p>
      ) : null}
      {webhook.attributes.secret ? null : <p>Only a read-write key can read the secret.</p>}
      <div className="form-actions">
        {webhook.attributes.secret ? (
          <button type="button" className="secondary" onClick={() => setRevealed((shown) => !shown)}>
            {revealed ? 'Hide the secret' : 'Reveal the secret'}
          </button>
        ) : null}
        {canWrite ? (
          <button
            type="button"
            className="secondary"
            disabled={rotate.isPending}
            onClick={() => {
              if (window.confirm('Make a new secret? The current one keeps signing for 24 hours beside it.'))
                rotate.mutate()
            }}
          >
            {rotate.isPending ? 'Rotating…' : 'Rotate the secret'}
          </button>
        ) : null}
      </div>
      {rotate.error ? (
        <p className="field-error" role="alert">
          The secret was not rotated: {failureWords(rotate.error)}
        </p>
      ) : null}
    </section>
  )
}
