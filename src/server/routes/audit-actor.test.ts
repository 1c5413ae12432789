import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import type { Caller } from '../http/auth'
import type { RouteEnv } from '../http/route'
import { auditActor } from './audit-actor'

const KEY_CALLER: Caller = {
  accountId: 'a',
  scope: 'write',
  keyId: 'k1',
  role: 'owner',
  actorName: 'ERP key',
}
const PERSON: Caller = { ...KEY_CALLER, keyId: 'k2', role: 'operator', userId: 'u1', actorName: 'Dana Reyes' }

/** The actor as a route sees it, for a caller and what the gateway handed over (or nothing). */
async function actorOf(caller: Caller, env?: unknown, headers: Record<string, string> = {}) {
  const app = new Hono<RouteEnv>()
  app.get('/', (c) => {
    c.set('caller', caller)
    return c.json(auditActor(c))
  })
  return (await app.request('/', { headers }, env)).json()
}

describe('auditActor', () => {
  it('names a person by user id and name, and a key by key id and name', async () => {
    expect(await actorOf(PERSON)).toEqual({ kind: 'user', id: 'u1', name: 'Dana Reyes', via: 'api' })
    expect(await actorOf(KEY_CALLER)).toEqual({ kind: 'key', id: 'k1', name: 'ERP key', via: 'api' })
  })

  it('takes via and address from the gateway in-process, never from a header', async () => {
    const fromGateway = { client: { via: 'dashboard', address: '198.51.100.7' } }
    expect(await actorOf(PERSON, fromGateway)).toMatchObject({ via: 'dashboard', address: '198.51.100.7' })
    const forged = {
      'X-Quayside-Client': '{"via":"dashboard","address":"203.0.113.9"}',
      'X-Forwarded-For': '203.0.113.9',
    }
    expect(await actorOf(PERSON, undefined, forged)).toEqual({
      kind: 'user',
      id: 'u1',
      name: 'Dana Reyes',
      via: 'api',
    })
    // a node server's bindings are no gateway's facts
    expect(await actorOf(PERSON, { incoming: {}, outgoing: {} })).toMatchObject({ via: 'api' })
  })
})
