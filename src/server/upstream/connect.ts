import { createHash } from 'node:crypto'
import { WEBHOOK_EVENT_KINDS } from '../../contract/event-kinds'
import type { UpstreamStatus } from '../storage/schema'
import type { Storage } from '../storage/storage'
import { stableUuid } from '../tracking/stable-id'
import { createReconciler } from './reconciler'
import { requestBudget } from './request-budget'
import { type SecretBox, secretBox } from './secret-box'
import { type UpstreamClient, UpstreamError, upstreamClient } from './upstream-client'
import { RECEIVER_PATH, webhookIngest } from './webhook-ingest'

export type UpstreamSettings = {
  baseUrl: string
  apiKey: string
  /** Without SECRET_KEY the API key itself seals. */
  secretKey?: string
  publicUrl: string
  requestsPerMinute: number
  pageSize: number
  reconcileMs: number
}

export type ConnectDeps = {
  storage: Storage
  fetch: typeof fetch
  now: () => Date
  onAccountChanged?: (accountId: string) => void
  log?: (message: string) => void
}

/** The same for the same upstream and key, at every start. */
export const connectedAccountId = (baseUrl: string, apiKey: string) =>
  stableUuid(
    'upstream-account',
    baseUrl.replace(/\/+$/, ''),
    createHash('sha256').update(apiKey).digest('hex'),
  )

function cancellableSleep() {
  const controller = new AbortController()
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (controller.signal.aborted) return resolve()
      const done = () => {
        clearTimeout(timer)
        controller.signal.removeEventListener('abort', done)
        resolve()
      }
      const timer = setTimeout(done, ms)
      controller.signal.addEventListener('abort', done)
    })
  return { sleep, cancel: () => controller.abort() }
}

/** Without a write for every request. */
function contactRecorder(storage: Storage, accountId: string, now: () => Date, log: (m: string) => void) {
  let last: { status: UpstreamStatus; at: number } | undefined
  return (status: UpstreamStatus, detail: string | null) => {
    const at = now().getTime()
    if (last && last.status === status && at - last.at < 5_000) return
    last = { status, at }
    storage.upstream
      .recordContact(accountId, status, detail, now())
      .catch((error: Error) => log(error.message))
  }
}

/** An upstream that will not send webhooks here is only logged: the reconciler still catches every change, later. */
async function ensureWebhook(
  storage: Storage,
  client: UpstreamClient,
  box: SecretBox,
  accountId: string,
  url: string,
) {
  const connection = await storage.upstream.connection(accountId)
  if (
    connection?.webhook_id &&
    connection.webhook_secret_sealed &&
    box.open(connection.webhook_secret_sealed)
  ) {
    const kept = await client.get(`/webhooks/${connection.webhook_id}`).catch((error) => {
      if (error instanceof UpstreamError && error.status === 404) return undefined
      throw error
    })
    if ((kept?.body.data as { attributes?: { url?: string } } | undefined)?.attributes?.url === url) return
  }
  const answer = await client.send('POST', '/webhooks', {
    data: { type: 'webhook', attributes: { url, active: true, events: [...WEBHOOK_EVENT_KINDS] } },
  })
  const made = answer.body.data as { id?: string; attributes?: { secret?: string } } | undefined
  if (!made?.id || !made.attributes?.secret)
    throw new Error('The upstream made the webhook but gave no secret')
  await storage.upstream.saveWebhook(accountId, made.id, box.seal(made.attributes.secret))
}

/** Signed in to with the upstream key itself. */
export async function connectConfiguredAccount(settings: UpstreamSettings, deps: ConnectDeps) {
  const accountId = connectedAccountId(settings.baseUrl, settings.apiKey)
  const box = secretBox(settings.secretKey ?? settings.apiKey)
  await deps.storage.upstream.ensureConnection(
    accountId,
    'Connected account',
    settings.baseUrl,
    settings.secretKey ? box.seal(settings.apiKey) : null,
  )
  await deps.storage.apiKeys.ensure(accountId, 'upstream key', 'write', settings.apiKey)
  return runConnection(accountId, { ...settings, box }, deps)
}

export function runConnection(
  accountId: string,
  settings: Omit<UpstreamSettings, 'secretKey'> & { box: SecretBox },
  deps: ConnectDeps,
) {
  const log = deps.log ?? console.warn
  const { box } = settings
  const { sleep, cancel } = cancellableSleep()
  const client = upstreamClient({
    baseUrl: settings.baseUrl,
    apiKey: settings.apiKey,
    fetch: deps.fetch,
    bucket: requestBudget({
      storage: deps.storage,
      accountId,
      perMinute: settings.requestsPerMinute,
      now: () => deps.now().getTime(),
      sleep,
    }),
    now: deps.now,
    sleep,
    onContact: contactRecorder(deps.storage, accountId, deps.now, log),
  })
  const reconciler = createReconciler({
    storage: deps.storage,
    accountId,
    client,
    pageSize: settings.pageSize,
    intervalMs: settings.reconcileMs,
    // a pass may spend on events what the pause after it refills
    eventReadsPerPass: Math.max(20, Math.floor((settings.requestsPerMinute * settings.reconcileMs) / 60_000)),
    sleep,
    now: deps.now,
    onAccountChanged: deps.onAccountChanged,
    log,
  })
  const receiverUrl = `${settings.publicUrl}${RECEIVER_PATH}/${accountId}`
  let introduced: Promise<void> | undefined
  const introduce = async () => {
    const account = await client.get('/account').catch(() => undefined)
    const name = (account?.body.data as { attributes?: { company_name?: string } } | undefined)?.attributes
      ?.company_name
    if (name) await deps.storage.upstream.rename(accountId, name)
    await ensureWebhook(deps.storage, client, box, accountId, receiverUrl).catch((error: Error) =>
      log(
        `The upstream will not send webhooks to ${receiverUrl}: ${error.message}; the reconciler catches changes instead`,
      ),
    )
  }
  return {
    accountId,
    client,
    ingest: webhookIngest({
      storage: deps.storage,
      box,
      now: deps.now,
      onAccountChanged: deps.onAccountChanged,
    }),
    start() {
      introduced = introduce().finally(() => reconciler.start())
    },
    /** Waits for the webhook registration, so a disconnect that follows finds it to remove. */
    async stop() {
      cancel()
      await introduced
      await reconciler.stop()
    },
  }
}
export type ConnectedAccount = ReturnType<typeof runConnection>
