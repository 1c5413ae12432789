import type { Context } from 'hono'
import type { RouteEnv } from '../http/route'
import type { EmbedTokenRow, NewEmbedToken } from '../storage/embed-token-store'
import type { Storage } from '../storage/storage'
import { auditActor } from './audit-actor'

/** Made with its audit record; the record never holds the token, which this one answer shows. */
export const createEmbedToken = (
  c: Context<RouteEnv>,
  storage: Storage,
  rawToken: string,
  values: NewEmbedToken,
) =>
  storage.transaction(async (stores) => {
    const accountId = c.var.caller.accountId
    const made = await stores.embedTokens.create(accountId, rawToken, values)
    await stores.audit.record(auditActor(c), {
      accountId,
      action: 'embed_token.created',
      target: { type: 'embed_token', id: made.id, label: made.name },
      after: JSON.parse(JSON.stringify(values)),
    })
    return made
  })

/** A token revoked before is not revoked again, so nothing more is recorded. */
export const revokeEmbedToken = (c: Context<RouteEnv>, storage: Storage, token: EmbedTokenRow) =>
  storage.transaction(async (stores) => {
    const accountId = c.var.caller.accountId
    const revoked = await stores.embedTokens.revoke(accountId, token.id)
    if (!token.revoked_at)
      await stores.audit.record(auditActor(c), {
        accountId,
        action: 'embed_token.revoked',
        target: { type: 'embed_token', id: token.id, label: token.name },
        before: { revoked_at: null },
        after: { revoked_at: revoked.revoked_at?.toISOString() ?? null },
      })
    return revoked
  })
