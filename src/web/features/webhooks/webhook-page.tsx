import './webhooks.css'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link, useNavigate, useParams } from 'react-router-dom'
import type { Webhook } from '../../../contract/webhooks'
import { useWriteAccess } from '../../components/access/write-access'
import { Time } from '../../components/time/time'
import { SecretOnce } from './secret-once'
import { SignatureChecker } from './signature-checker'
import { DeleteWebhook, RedeliverFailed } from './webhook-danger'
import { WebhookForm } from './webhook-form'
import { webhookQueries } from './webhook-queries'
import { WebhookSecret } from './webhook-secret'
import { WebhookTestSend } from './webhook-test-send'

/** Once created, its secret shows here once. */
export function NewWebhookPage() {
  const { canWrite, reason } = useWriteAccess('admin')
  const [created, setCreated] = useState<Webhook>()
  return (
    <section aria-labelledby="new-webhook-title">
      <h1 id="new-webhook-title">Add a webhook</h1>
      {created ? (
        <>
          <SecretOnce secret={created.attributes.secret ?? ''} title="Webhook created. Its signing secret:" />
          <p>
            <Link to={`/webhooks/${created.id}`}>Open the webhook</Link> to send a test.
          </p>
        </>
      ) : (
        <WebhookForm
          unavailable={canWrite ? undefined : `Creating a webhook is not available: ${reason}.`}
          onSaved={(webhook) => setCreated(webhook)}
        />
      )}
    </section>
  )
}

export function WebhookPage() {
  const { id = '' } = useParams()
  const navigate = useNavigate()
  const { canWrite, reason } = useWriteAccess('admin')
  const { data, error, isPending } = useQuery(webhookQueries.detail(id))
  if (error) throw error
  if (isPending) return <p aria-busy="true">Loading webhook…</p>
  const webhook = data.data
  const a = webhook.attributes
  const unavailable = canWrite ? undefined : `Not available: ${reason}.`
  return (
    <article aria-labelledby="webhook-title">
      <div className="title-bar">
        <h1 id="webhook-title">
          Webhook <span className="mono">{a.url}</span>
        </h1>
        <Link to={`/webhooks/${webhook.id}/deliveries`}>Delivery log</Link>
      </div>
      <p className="muted">
        {a.active ? '✔ On' : '✖ Off'} · created <Time value={a.created_at} />
      </p>
      {a.disabled_at && !a.active ? (
        <div className="answer answer-bad" role="status">
          <p className="answer-headline">
            <span aria-hidden="true">⚠ </span>webhook.disabled
          </p>
          <p>
            {a.disabled_reason} (<Time value={a.disabled_at} />
            ). Turning it on again resends nothing; redeliver the failed notifications below if you want them.
          </p>
        </div>
      ) : null}
      {canWrite ? null : (
        <p className="read-only-notice" role="note">
          Editing, testing, rotating, redelivering and deleting are not available: {reason}.
        </p>
      )}
      <section aria-labelledby="settings-title">
        <h2 id="settings-title">Settings</h2>
        <WebhookForm
          key={a.updated_at ?? webhook.id}
          webhook={webhook}
          unavailable={unavailable}
          onSaved={() => navigate(`/webhooks/${webhook.id}`, { replace: true })}
        />
      </section>
      <WebhookSecret webhook={webhook} canWrite={canWrite} />
      <WebhookTestSend webhook={webhook} unavailable={unavailable} />
      <SignatureChecker secret={a.secret} />
      {canWrite ? <RedeliverFailed webhook={webhook} /> : null}
      {canWrite ? <DeleteWebhook webhook={webhook} /> : null}
    </article>
  )
}
