import { type Context, Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { getCookie } from 'hono/cookie'
import type { z } from 'zod/mini'
import { PasskeyAuthenticationSchema, PasskeyRegistrationSchema } from '../../contract/passkeys'
import { readBoundedJson } from '../http/bounded-json'
import { problem } from '../http/problem'
import type { AttemptLimits } from './attempt-limits'
import type { GatewayEnv } from './client-facts'
import { refuseCrossSiteWrite } from './csrf'
import {
  authenticationOptions,
  registrationOptions,
  relyingParty,
  signedChallenge,
  verifyAuthentication,
  verifyRegistration,
} from './passkey-ceremony'
import type { PersonFacts } from './people-gateway'
import type { PeopleStore } from './people-store'
import { SESSION_COOKIE, type SessionKit, startPersonSession } from './person-session'
import { earlyRefusal } from './refusal'
import { personActor, sessionEvent } from './session-audit'

const CHALLENGE_MS = 5 * 60 * 1000
const MAX_PASSKEY_BYTES = 16 * 1024

export type PasskeyRouteOptions = { kit: SessionKit; store: PeopleStore; limits: AttemptLimits }

const parsedBody = async <S extends z.ZodMiniType>(c: Context, schema: S): Promise<z.infer<S>> => {
  const parsed = schema.safeParse((await readBoundedJson(c)).json)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]
  throw problem(422, {
    detail: issue?.message ?? 'The body does not fit',
    pointer: `/${(issue?.path ?? []).join('/')}`,
    code: 'invalid',
  })
}

const limitBody = bodyLimit({
  maxSize: MAX_PASSKEY_BYTES,
  onError: () => {
    throw earlyRefusal(413, { detail: 'A passkey answer is at most 16 KB', code: 'payload_too_large' })
  },
})

const siteOf = (c: Context<GatewayEnv>, publicUrl: string | undefined) => {
  const rp = relyingParty(c.req.url, c.var.client.https, publicUrl)
  if (!rp)
    throw problem(409, {
      detail: 'Passkeys need PUBLIC_URL set to the address people open Quayside at',
      code: 'passkeys_unavailable',
    })
  return rp
}

const sameSiteOnly =
  (publicUrl: string | undefined) => async (c: Context<GatewayEnv>, next: () => Promise<void>) => {
    refuseCrossSiteWrite(c, c.var.client, publicUrl)
    await next()
  }

const passkeyChange = (
  person: PersonFacts,
  action: 'passkey.added' | 'passkey.removed',
  passkey: string,
) => ({
  accountId: person.accountId,
  action,
  target: { type: 'user', id: person.id, label: person.name },
  ...(action === 'passkey.added' ? { after: { passkey } } : { before: { passkey } }),
})

const spent = () =>
  problem(401, {
    detail: 'That passkey request has expired or was already answered; try again',
    pointer: '/response',
    code: 'passkey_refused',
  })

/** Listing, registration and removal, for a signed-in person only (one without a password too). */
export function passkeyRoutes(options: PasskeyRouteOptions) {
  const { kit, store: storage } = options
  const { publicUrl, now } = kit
  const site = (c: Context<GatewayEnv>) => siteOf(c, publicUrl)
  const signedInPerson = async (c: Context<GatewayEnv>) => {
    const userId = (await kit.sessions.get(getCookie(c, SESSION_COOKIE)))?.userId
    const person = userId ? await kit.people?.userFacts(userId) : undefined
    if (!person) throw problem(401, { detail: 'Sign in as a person to manage passkeys', code: 'no_user' })
    if (person.demo)
      throw problem(403, { detail: "The demo's person signs in with the demo, not a passkey", code: 'demo' })
    return person
  }
  const actorOf = (c: Context<GatewayEnv>, person: PersonFacts) => ({
    kind: 'user' as const,
    id: person.id,
    name: person.name,
    via: 'dashboard' as const,
    address: c.var.client.address,
  })
  const sameSite = sameSiteOnly(publicUrl)

  return new Hono<GatewayEnv>()
    .get('/', async (c) => {
      const person = await signedInPerson(c)
      return c.json({ data: await storage.passkeys.list(person.id) })
    })
    .post('/registration/options', sameSite, async (c) => {
      const person = await signedInPerson(c)
      const rp = site(c)
      const existing = await storage.passkeys.credentialsOf(person.id)
      const creation = await registrationOptions(rp, person, existing)
      const at = now()
      await storage.passkeys.issueChallenge(
        { value: creation.challenge, purpose: 'registration', userId: person.id },
        at,
        new Date(at.getTime() + CHALLENGE_MS),
      )
      return c.json(creation)
    })
    .post('/registration', sameSite, limitBody, async (c) => {
      const person = await signedInPerson(c)
      const rp = site(c)
      const body = await parsedBody(c, PasskeyRegistrationSchema)
      const challenge = signedChallenge(body.response)
      const taken = await storage.passkeys.takeChallenge(challenge, 'registration', now())
      if (taken?.userId !== person.id) throw spent()
      const credential = await verifyRegistration(body.response, challenge, rp)
      const added = await storage.transaction(async (tx) => {
        const row = await tx.passkeys.add({ ...credential, userId: person.id, name: body.name }, now())
        if (row) await tx.audit.record(actorOf(c, person), passkeyChange(person, 'passkey.added', row.name))
        return row
      })
      if (!added)
        throw problem(409, {
          detail: 'That passkey is already registered',
          pointer: '/response',
          code: 'taken',
        })
      return c.json(added, 201)
    })
    .delete('/:id', sameSite, async (c) => {
      const person = await signedInPerson(c)
      const removed = await storage.transaction(async (tx) => {
        const row = await tx.passkeys.remove(person.id, c.req.param('id') ?? '')
        if (row) await tx.audit.record(actorOf(c, person), passkeyChange(person, 'passkey.removed', row.name))
        return row
      })
      if (!removed) throw problem(404, { detail: 'You have no such passkey', code: 'not_found' })
      return c.body(null, 204)
    })
}

/** A sign-in for anyone, limited like a password's: one session start per try, failures counted. */
export function passkeySignInRoutes(options: PasskeyRouteOptions) {
  const { kit, store: storage, limits } = options
  const { publicUrl, now } = kit
  const site = (c: Context<GatewayEnv>) => siteOf(c, publicUrl)
  const sameSite = sameSiteOnly(publicUrl)

  return new Hono<GatewayEnv>()
    .post('/authentication/options', sameSite, async (c) => {
      limits.checkFailures(c.var.client.address)
      limits.takeSessionStart(c.var.client.address)
      const request = await authenticationOptions(site(c))
      const at = now()
      await storage.passkeys.issueChallenge(
        { value: request.challenge, purpose: 'authentication', userId: null },
        at,
        new Date(at.getTime() + CHALLENGE_MS),
      )
      return c.json(request)
    })
    .post('/authentication', sameSite, limitBody, async (c) => {
      limits.checkFailures(c.var.client.address)
      const person = await authenticated(c).catch((error: { status?: number }) => {
        if (error.status === 401) limits.recordFailure(c.var.client.address)
        throw error
      })
      await storage.transaction((tx) =>
        tx.audit.record(personActor(c, person), sessionEvent(person, 'user.signed_in', 'passkey')),
      )
      return startPersonSession(c, kit, person)
    })

  async function authenticated(c: Context<GatewayEnv>) {
    const rp = site(c)
    const body = await parsedBody(c, PasskeyAuthenticationSchema)
    const challenge = signedChallenge(body.response)
    if (!(await storage.passkeys.takeChallenge(challenge, 'authentication', now()))) throw spent()
    const passkey = await storage.passkeys.find(body.response.id)
    const person = passkey && (await kit.people?.userFacts(passkey.user_id))
    if (!passkey || !person || person.demo)
      throw problem(401, {
        detail: 'That passkey is not known here',
        pointer: '/response',
        code: 'passkey_refused',
      })
    limits.checkPasswordSignIn(person.email)
    const counter = await verifyAuthentication(body.response, challenge, rp, {
      id: passkey.id,
      publicKey: new Uint8Array(passkey.public_key),
      counter: passkey.counter,
      transports: passkey.transports,
    }).catch((error: unknown) => {
      // as after a wrong password: a refused answer, never a right one, meets the account's count
      limits.checkAfterWrongPassword(person.email, person.accountId)
      limits.recordPersonFailure(person.email, person.accountId)
      throw error
    })
    if (!(await storage.passkeys.recordUse(passkey.id, passkey.counter, counter, now()))) throw spent()
    return person
  }
}
