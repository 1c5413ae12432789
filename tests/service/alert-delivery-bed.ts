import { type SQL, sql } from 'drizzle-orm'
import { afterAll, beforeAll } from 'vitest'
import { createAlertDelivery } from '../../src/server/alerts-delivery/delivery-worker'
import { createOutboundMail } from '../../src/server/alerts-delivery/outbound-mail'
import { createUnsubscribeTokens } from '../../src/server/alerts-delivery/unsubscribe-token'
import { secretBox } from '../../src/server/upstream/secret-box'
import { pinnedFetch } from '../../src/server/webhooks/pinned-fetch'
import { createAddressGuard, parseAllowlist } from '../../src/server/webhooks/url-safety'
import { alertRows, type Query } from '../support/alert-rows'
import type { DatabaseKind } from '../support/databases'
import { startSmtpSink } from '../support/smtp-sink'
import { startReceiver } from '../support/webhook-receiver'
import { type Service, startService } from './harness'

export const SECRET = 'alert-delivery-test-secret'

/** `$1…$n` in order, each once, as drizzle parameters. */
const queryOn =
  (service: () => Service): Query =>
  async (text, params) => {
    const parts = text.split(/\$\d+/)
    const pieces: SQL[] = parts.flatMap((part, i) =>
      i < params.length ? [sql.raw(part), sql`${params[i]}`] : [sql.raw(part)],
    )
    const result = await service().storage.db.execute(sql.join(pieces))
    return result.rows as Record<string, unknown>[]
  }

/** The service behind its gateway, a real SMTP server, a chat receiver on loopback, and the delivery worker. */
export function alertDeliveryBed(kind: DatabaseKind) {
  const bed = {} as {
    service: Service
    sink: Awaited<ReturnType<typeof startSmtpSink>>
    chat: Awaited<ReturnType<typeof startReceiver>>
    accountId: string
    sinkAnswer: 'accept' | 'refuse' | 'hold'
    chatStatus: number
  }
  const rows = alertRows(queryOn(() => bed.service))
  const mail = () => createOutboundMail({ smtpUrl: bed.sink.url, from: 'Quayside <alerts@quayside.test>' })
  beforeAll(async () => {
    bed.sinkAnswer = 'accept'
    bed.chatStatus = 200
    bed.sink = await startSmtpSink(() => bed.sinkAnswer)
    bed.chat = await startReceiver(() => ({ status: bed.chatStatus }))
    bed.service = await startService(kind, { gateway: true, webhookAllowlist: ['127.0.0.0/8'], mail: mail() })
    bed.accountId = await rows.busiestAccount()
  }, 120_000)
  afterAll(async () => {
    await bed.service?.stop()
    await bed.sink?.stop()
    await bed.chat?.stop()
  })
  const worker = (allowlist = ['127.0.0.0/8']) =>
    createAlertDelivery({
      storage: bed.service.storage,
      clock: bed.service.clock,
      mail: mail(),
      fetch: pinnedFetch(createAddressGuard({ allowlist: parseAllowlist(allowlist) })),
      tokens: createUnsubscribeTokens(bed.service.storage.secrets),
      box: secretBox(SECRET),
      publicUrl: bed.service.baseUrl,
      random: () => 0.5,
      chatTimeoutMs: 5_000,
    })
  return { bed, rows, worker, box: secretBox(SECRET) }
}
