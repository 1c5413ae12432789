import { type Context, Hono } from 'hono'
import { getCookie } from 'hono/cookie'
import { ViewAsSchema } from '../../contract/passkeys'
import { ROLE_LABELS, roleAtLeast } from '../../contract/people'
import { readBoundedJson } from '../http/bounded-json'
import { problem } from '../http/problem'
import type { GatewayEnv } from './client-facts'
import { refuseCrossSiteWrite } from './csrf'
import type { PersonFacts } from './people-gateway'
import type { PeopleStore } from './people-store'
import { answerSession, SESSION_COOKIE, type SessionKit, sessionUser } from './person-session'
import { TWELVE_HOURS } from './sessions'

type Viewing = { kit: SessionKit; store: PeopleStore }

const actorOf = (c: Context<GatewayEnv>, person: PersonFacts) => ({
  kind: 'user' as const,
  id: person.id,
  name: person.name,
  via: 'dashboard' as const,
  address: c.var.client.address,
})

const viewChange = (
  viewer: PersonFacts,
  viewed: PersonFacts,
  action: 'view_as.started' | 'view_as.stopped',
) => ({
  accountId: viewer.accountId,
  action,
  target: { type: 'user', id: viewed.id, label: viewed.name },
})

/** The person the session views as, if any; their role is shown as it is, though every write is refused. */
export async function viewingAs({ kit, store }: Viewing, viewAsKey: string | undefined) {
  const holder = viewAsKey ? await store.viewAs.keyHolder(viewAsKey) : undefined
  const person = holder ? await kit.people?.userFacts(holder) : undefined
  return person ? sessionUser(person) : null
}

/** The signed-in person with the session's facts; only an admin or owner, by their role now, may start. */
async function signedInAdmin({ kit }: Viewing, c: Context<GatewayEnv>, stopping = false) {
  const id = getCookie(c, SESSION_COOKIE)
  const facts = await kit.sessions.get(id)
  const person = facts?.userId ? await kit.people?.userFacts(facts.userId) : undefined
  if (!id || !facts || !person)
    throw problem(401, { detail: 'Sign in as a person to view as another', code: 'no_user' })
  // stopping needs no role, so a person demoted while viewing can still stop
  if (!stopping && !roleAtLeast(person.role, 'admin'))
    throw problem(403, {
      detail: `View as needs an admin or above; you are ${/^[AEIOU]/.test(ROLE_LABELS[person.role]) ? 'an' : 'a'} ${ROLE_LABELS[person.role].toLowerCase()}`,
      code: 'role_forbidden',
    })
  // a public read-only demo's visitors would otherwise each write keys and audit events
  if (!stopping && facts.access === 'read-only')
    throw problem(403, { detail: 'View as is not available in a read-only session', code: 'read_only' })
  return { id, facts, person }
}

async function stopViewing(
  viewing: Viewing,
  c: Context<GatewayEnv>,
  admin: Awaited<ReturnType<typeof signedInAdmin>>,
) {
  const key = admin.facts.viewAsKey
  if (!key) return
  const viewed = await viewingAs(viewing, key)
  await viewing.store.transaction(async (tx) => {
    await tx.apiKeys.revokeSessionKey(key)
    if (viewed)
      await tx.audit.record(
        actorOf(c, admin.person),
        viewChange(admin.person, { ...admin.person, ...viewed }, 'view_as.stopped'),
      )
  })
  await viewing.kit.sessions.viewAs(admin.id, undefined)
}

const answer = async (
  viewing: Viewing,
  c: Context<GatewayEnv>,
  admin: Awaited<ReturnType<typeof signedInAdmin>>,
  viewAsKey: string | undefined,
) =>
  answerSession(c, viewing.kit, {
    signedIn: true,
    demo: admin.facts.demo,
    access: admin.facts.access,
    user: sessionUser(admin.person),
    viewingAs: await viewingAs(viewing, viewAsKey),
  })

/** An admin's read-only look through another person's eyes: their session key, read scope, a viewer at most. */
export function viewAsRoutes(viewing: Viewing) {
  const { kit, store } = viewing
  return new Hono<GatewayEnv>()
    .post('/', async (c) => {
      refuseCrossSiteWrite(c, c.var.client, kit.publicUrl)
      const admin = await signedInAdmin(viewing, c)
      const parsed = ViewAsSchema.safeParse((await readBoundedJson(c)).json)
      if (!parsed.success)
        throw problem(422, {
          detail: 'Say whom to view as, by user id',
          pointer: '/user_id',
          code: 'invalid',
        })
      const viewed = await kit.people?.userFacts(parsed.data.user_id)
      if (!viewed || viewed.accountId !== admin.person.accountId)
        throw problem(404, {
          detail: 'There is no such person in this account',
          pointer: '/user_id',
          code: 'not_found',
        })
      if (viewed.id === admin.person.id)
        throw problem(422, {
          detail: 'You cannot view as yourself',
          pointer: '/user_id',
          code: 'view_as_self',
        })
      await stopViewing(viewing, c, admin)
      const expiresAt = new Date(kit.now().getTime() + TWELVE_HOURS)
      const key = await store.transaction(async (tx) => {
        const minted = await tx.apiKeys.mintSessionKey(viewed, expiresAt, 'read')
        await tx.audit.record(actorOf(c, admin.person), viewChange(admin.person, viewed, 'view_as.started'))
        return minted
      })
      await kit.sessions.viewAs(admin.id, key)
      return answer(viewing, c, admin, key)
    })
    .delete('/', async (c) => {
      refuseCrossSiteWrite(c, c.var.client, kit.publicUrl)
      const admin = await signedInAdmin(viewing, c, true)
      await stopViewing(viewing, c, admin)
      return answer(viewing, c, admin, undefined)
    })
}
