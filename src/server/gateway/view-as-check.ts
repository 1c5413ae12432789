import { roleAtLeast } from '../../contract/people'
import type { PeopleGateway } from './people-gateway'
import type { SessionFacts, SessionStore } from './sessions'

/**
 * The View as key a session may still use: its person must be an admin or above now, not only when they
 * started (a demotion or removal may come from any process). Otherwise the view ends and its key is revoked.
 */
export const viewAsCheck =
  (sessions: SessionStore, people: PeopleGateway | undefined) =>
  async (sessionId: string, session: SessionFacts): Promise<string | undefined> => {
    const key = session.viewAsKey
    if (!key || !people) return key
    const person = session.userId ? await people.userFacts(session.userId) : undefined
    if (person && roleAtLeast(person.role, 'admin')) return key
    await people.revokeSessionKey(key)
    await sessions.viewAs(sessionId, undefined)
    return undefined
  }

export type ViewAsCheck = ReturnType<typeof viewAsCheck>
