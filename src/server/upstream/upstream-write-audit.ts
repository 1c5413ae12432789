import type { AuditActor } from '../storage/audit-log'
import type { Stores } from '../storage/storage'

type Attributes = Record<string, unknown>
type Made = { id?: string; type?: string; attributes?: Attributes }

const SINGULAR: Record<string, string> = {
  shipments: 'shipment',
  containers: 'container',
  tracking_requests: 'tracking_request',
  parties: 'party',
  custom_fields: 'custom_field',
}

/** `/v2/shipments/1/custom_fields/po` is recorded on its shipment, as a local value change is. */
function auditTarget(path: string, made: Made) {
  const [, kind, id, sub] = path.replace(/^\/v2/, '').split('/')
  if (sub === 'custom_fields' || !made.id) return { type: SINGULAR[kind] ?? kind, id }
  return { type: made.type ?? SINGULAR[kind] ?? kind, id: made.id }
}

/** The mirror's row is read as it renders here; only the attributes the write names are kept. */
export async function mirrorBefore(
  method: string,
  path: string,
  readLocally: (path: string) => Promise<Response>,
) {
  if (method === 'POST') return undefined
  const resource = path.replace(/\/(stop_tracking|resume_tracking)$/, '')
  const answer = await readLocally(resource)
  if (!answer.ok) return undefined
  const document = (await answer.json()) as { data?: { attributes?: Attributes } }
  return document.data?.attributes
}

const picked = (attributes: Attributes | undefined, keys: string[] | undefined) =>
  attributes && keys ? Object.fromEntries(keys.map((key) => [key, attributes[key] ?? null])) : null

export type WriteAudit = {
  actor: AuditActor
  accountId: string
  action: string
  method: string
  path: string
  keys: string[] | undefined
  before: Attributes | undefined
}

/** In the transaction that applies the upstream's answer: the change and its record commit together. */
export async function recordUpstreamWrite(stores: Stores, audit: WriteAudit, made: Made) {
  await stores.audit.record(audit.actor, {
    accountId: audit.accountId,
    action: audit.action,
    target: auditTarget(audit.path, made),
    before: picked(
      audit.before,
      audit.keys ?? (audit.method === 'DELETE' ? Object.keys(audit.before ?? {}) : undefined),
    ),
    after: audit.method === 'DELETE' ? null : picked(made.attributes, audit.keys),
  })
}
