import type { Context } from 'hono'
import { PasswordSignInSchema } from '../../contract/people'
import { problem } from '../http/problem'
import type { AttemptLimits } from './attempt-limits'
import type { GatewayEnv } from './client-facts'
import { passwordMatches } from './passwords'
import { originOf, parsedOr422, peopleOf } from './person-body'
import { type SessionKit, startPersonSession } from './person-session'
import { sessionEvent } from './session-audit'

export const isPasswordSignIn = (json: unknown) =>
  typeof json === 'object' && json !== null && 'email' in json

/** One answer for an unknown email and a wrong password, after the same work. */
export async function passwordSignIn(
  c: Context<GatewayEnv>,
  kit: SessionKit,
  limits: AttemptLimits,
  json: unknown,
) {
  const people = peopleOf(kit)
  const { email, password } = parsedOr422(PasswordSignInSchema, json)
  limits.checkPasswordSignIn(email)
  const found = await people.passwordSignIn(email)
  const accountId = found?.person.accountId
  if (!(await passwordMatches(found?.passwordHash, password)) || !found) {
    limits.checkAfterWrongPassword(email, accountId)
    limits.recordPasswordFailure(c.var.client.address, email, accountId)
    throw problem(401, {
      detail: 'That email address and password do not match',
      pointer: '/password',
      code: 'invalid_credentials',
    })
  }
  await people.signedIn(found.person.id, kit.now())
  await people.recordSession?.(
    found.person,
    sessionEvent(found.person, 'user.signed_in', 'password'),
    originOf(c, kit),
  )
  return startPersonSession(c, kit, found.person)
}
