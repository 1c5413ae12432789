import { sql } from 'drizzle-orm'
import type { Role } from '../../src/contract/people'
import { createStoredSessions } from '../../src/server/gateway/stored-sessions'
import { KEY, type Service } from './harness'

/** A person of the demo account, made straight in storage, with no password. */
export async function addPerson(service: Service, role: Role, email: string, partyId?: string) {
  const caller = await service.storage.apiKeys.authenticate(KEY)
  const { rows } = await service.storage.db.execute<{ id: string }>(
    sql`insert into users (account_id, email, role, first_name, last_name, party_id)
        values (${caller!.accountId}, ${email}, ${role}, ${email.split('@')[0]}, 'Test', ${partyId ?? null})
        returning id`,
  )
  return rows[0].id
}

/** A party that is the customer of at least one of the account's shipments. */
export async function somePartyId(service: Service) {
  const caller = await service.storage.apiKeys.authenticate(KEY)
  const { rows } = await service.storage.db.execute<{ id: string }>(
    sql`select customer_id as id from shipments where account_id = ${caller!.accountId} and customer_id is not null order by customer_id limit 1`,
  )
  return rows[0].id
}

/**
 * A browser at the gateway: keeps its session cookie and sends same-origin JSON, as the dashboard does.
 * `signInAs` starts a person's session in the shared sessions table, as a sign-in would, without a password.
 */
export function browser(service: Service) {
  let cookie = ''
  const send = async (method: string, path: string, body?: unknown, origin = service.baseUrl) => {
    const response = await service.call(method, path, {
      key: null,
      body: body === undefined ? undefined : JSON.stringify(body),
      headers: {
        Origin: origin,
        'Content-Type': 'application/json',
        Accept: 'application/json',
        ...(cookie ? { Cookie: cookie } : {}),
      },
    })
    const set = response.headers.get('set-cookie')
    if (set) cookie = set.split(';')[0]
    return response
  }
  return {
    send,
    get cookie() {
      return cookie
    },
    async signInAs(userId: string, access: 'read-write' | 'read-only' = 'read-write') {
      const person = (await service.storage.users.signInFacts(userId))!
      const at = service.wallClock.now()
      const apiKey = await service.storage.apiKeys.mintSessionKey(
        person,
        new Date(at.getTime() + 60 * 60 * 1000),
        access === 'read-only' ? 'read' : 'write',
      )
      const id = await createStoredSessions(service.storage.sessions).create(apiKey, { userId, access })
      cookie = `quayside_session=${id}`
    },
    forget() {
      cookie = ''
    },
  }
}
