import type { ClaimedBatch } from '../storage/alert-delivery-store'
import type { Storage } from '../storage/storage'
import type { SecretBox } from '../upstream/secret-box'
import { chatPayload } from './chat-payload'
import { messageModel, subjectOf } from './message-model'
import type { OutboundMail } from './outbound-mail'
import { renderHtml, renderText, unsubscribeHeaders } from './render-email'
import type { UnsubscribeTokens } from './unsubscribe-token'

export type SendDeps = {
  storage: Storage
  mail: OutboundMail
  /** In production `pinnedFetch`: the chat URL is checked as the connection is made; no redirects. */
  fetch: typeof fetch
  tokens: UnsubscribeTokens
  /** Opens the sealed chat webhook URLs; without SECRET_KEY there are none. */
  box?: SecretBox
  publicUrl: string
  chatTimeoutMs: number
}

/** The Message-ID: the batch's id, so a resend after a crash or a failure is the same message. */
export const messageIdOf = (batchId: string) => `${batchId}@quayside.local`

const unsubscribeUrl = async (deps: SendDeps, origin: string, ruleIds: string[], recipient: string) =>
  `${origin}/alerts/unsubscribe/${await deps.tokens.token({ ruleIds, recipient })}`

async function sendEmail(deps: SendDeps, batch: ClaimedBatch, model: ReturnType<typeof messageModel>) {
  await deps.mail.send({
    to: batch.recipient,
    subject: subjectOf(model),
    text: renderText(model),
    html: renderHtml(model),
    messageId: messageIdOf(batch.id),
    headers: { ...unsubscribeHeaders(model), 'Auto-Submitted': 'auto-generated' },
  })
}

async function sendChat(deps: SendDeps, batch: ClaimedBatch, model: ReturnType<typeof messageModel>) {
  const rule = await deps.storage.alertDelivery.ruleChat(model.sections[0].ruleId)
  const url = rule?.sealed && deps.box?.open(rule.sealed)
  if (!url) throw new Error('The rule has no chat webhook URL this server can open (is SECRET_KEY set?)')
  const response = await deps.fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Quayside-Message-Id': batch.id },
    body: JSON.stringify(chatPayload(model)),
    redirect: 'manual',
    signal: AbortSignal.timeout(deps.chatTimeoutMs),
  })
  await response.body?.cancel()
  // the URL is a secret: the error names the status only
  if (response.status < 200 || response.status >= 300)
    throw new Error(`The chat webhook answered ${response.status}`)
}

/** Renders the batch from its rows (the same words on every attempt) and sends it once. */
export async function sendBatch(deps: SendDeps, batch: ClaimedBatch) {
  const alerts = await deps.storage.alertDelivery.contents(batch.id)
  if (alerts.length === 0) return
  const origin = new URL(deps.publicUrl).origin
  const email = batch.channel === 'email'
  const ruleIds = [...new Set(alerts.map((alert) => alert.rule_id))]
  const perRule = email
    ? new Map(
        await Promise.all(
          ruleIds.map(
            async (id) => [id, await unsubscribeUrl(deps, origin, [id], batch.recipient)] as [string, string],
          ),
        ),
      )
    : null
  const model = messageModel({
    id: batch.id,
    kind: batch.kind,
    alerts,
    origin,
    unsubscribeUrls: perRule,
    unsubscribeAllUrl: email ? await unsubscribeUrl(deps, origin, ruleIds, batch.recipient) : null,
  })
  if (email) await sendEmail(deps, batch, model)
  else await sendChat(deps, batch, model)
}
