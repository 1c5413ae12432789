import type { Context } from 'hono'
import { gatewayClient } from '../http/gateway-facts'
import type { RouteEnv } from '../http/route'
import type { AuditActor } from '../storage/audit-log'

/** A person when the caller's key is a person's (personal or session), else the account key by its name. */
export function auditActor(c: Context<RouteEnv>): AuditActor {
  const caller = c.var.caller
  const client = gatewayClient(c)
  const where = { via: client?.via ?? 'api', address: client?.address } as const
  return caller.userId
    ? { kind: 'user', id: caller.userId, name: caller.actorName, ...where }
    : { kind: 'key', id: caller.keyId, name: caller.actorName, ...where }
}

/** For a custom field value: its own history names the key, the audit trail the actor. */
export const valueWriter = (c: Context<RouteEnv>) => ({ keyId: c.var.caller.keyId, actor: auditActor(c) })
