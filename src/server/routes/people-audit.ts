import type { Caller } from '../http/auth'
import type { AuditActor } from '../storage/audit-log'

/** Who made a change: the person when the key is a person's, else the key. */
export const actorOf = (caller: Caller): AuditActor =>
  caller.userId
    ? { kind: 'user', id: caller.userId, name: caller.actorName, via: 'api' }
    : { kind: 'key', id: caller.keyId, name: caller.actorName, via: 'api' }
