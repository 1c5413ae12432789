import type { Context } from 'hono'
import type { RouteEnv } from '../http/route'
import type { Stores } from '../storage/storage'
import { auditActor } from './audit-actor'
import { changedFields } from './audit-changes'

type WebhookRow = {
  id: string
  account_id: string
  url: string
  events: string[] | null
  active: boolean
  headers: { name: string; value: string }[] | null
}

/** A receiver's query string (and any user:password) often is its credential: the trail keeps a marker. */
function shownUrl(url: string) {
  try {
    const parsed = new URL(url)
    const hidden = parsed.search ? '?…' : ''
    parsed.username = ''
    parsed.password = ''
    parsed.search = ''
    parsed.hash = ''
    return `${parsed.toString()}${hidden}`
  } catch {
    return '(not a URL)'
  }
}

// header values often carry a receiver's credentials, so only their names are kept
const shown = (row: WebhookRow) => ({
  url: shownUrl(row.url),
  events: row.events ?? [],
  active: row.active,
  headers: (row.headers ?? []).map((header) => header.name),
})
const FIELDS = ['url', 'events', 'active', 'headers']

/** `before` undefined for a webhook made, `after` undefined for one deleted; a secret is only ever "rotated". */
export async function recordWebhookChange(
  c: Context<RouteEnv>,
  stores: Stores,
  action: 'created' | 'updated' | 'deleted' | 'secret_rotated',
  before: WebhookRow | undefined,
  after: WebhookRow | undefined,
) {
  const row = (after ?? before)!
  const changes =
    action === 'secret_rotated'
      ? { before: null, after: { secret: 'rotated' } }
      : before && after
        ? changedFields(shown(before), shown(after), FIELDS)
        : { before: before && shown(before), after: after && shown(after) }
  if (!changes) return
  await stores.audit.record(auditActor(c), {
    accountId: row.account_id,
    action: `webhook.${action}`,
    target: { type: 'webhook', id: row.id, label: shownUrl(row.url) },
    ...changes,
  })
}
