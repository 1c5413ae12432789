import type { Context, MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { z } from 'zod/mini'
import { readBoundedJson } from '../http/bounded-json'
import { problem } from '../http/problem'
import type { GatewayEnv } from './client-facts'
import type { TokenState } from './people-gateway'
import type { SessionKit } from './person-session'
import { earlyRefusal } from './refusal'

const limitBody = bodyLimit({
  maxSize: 4 * 1024,
  onError: () => {
    throw earlyRefusal(413, {
      detail: 'A sign-in or password change is at most 4 KB',
      code: 'payload_too_large',
    })
  },
})

/** Small JSON only: a name, a password. */
export const limitPersonBody: MiddlewareHandler = (c, next) =>
  c.req.method === 'POST' ? limitBody(c, next) : next()

/** The first problem, with its pointer: 422. */
export function parsedOr422<S extends z.ZodMiniType>(schema: S, json: unknown): z.output<S> {
  const parsed = schema.safeParse(json)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]
  throw problem(422, {
    detail: issue.message,
    pointer: `/${issue.path.map(String).join('/')}`,
    code: 'invalid',
  })
}

export const readJson = async <S extends z.ZodMiniType>(c: Context, schema: S) =>
  parsedOr422(schema, (await readBoundedJson(c)).json)

/** Pass-through gateways know nobody. */
export function peopleOf(kit: SessionKit) {
  if (!kit.people) throw problem(404, { detail: 'This server has no people to sign in', code: 'no_people' })
  return kit.people
}

/** 404 for a token nobody made; 410 with why for one that was. */
export function refuseToken(what: 'invitation' | 'password_reset', state: TokenState | undefined) {
  const noun = what === 'invitation' ? 'invitation' : 'password reset link'
  if (state === undefined) throw problem(404, { detail: `There is no such ${noun}`, code: 'not_found' })
  if (state === 'pending') return
  const why = { used: 'has been used', expired: 'has expired', revoked: 'was revoked' }[state]
  throw problem(410, { title: 'Gone', detail: `This ${noun} ${why}`, code: `${what}_${state}` })
}

export const originOf = (c: Context<GatewayEnv>, kit: SessionKit) => ({
  address: c.var.client.address,
  now: kit.now(),
})
