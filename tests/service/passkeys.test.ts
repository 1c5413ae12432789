import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DATABASE_KINDS } from '../support/databases'
import { softwareAuthenticator } from '../support/software-authenticator'
import { type Service, startService } from './harness'
import { invitedPerson } from './people-browser'
import { addPerson, browser } from './person-browser'

describe.each(DATABASE_KINDS)('passkeys at the gateway (%s)', (kind) => {
  let service: Service
  let userId: string
  const authenticator = softwareAuthenticator()
  const site = () => ({ rpId: '127.0.0.1', origin: service.baseUrl })

  beforeAll(async () => {
    service = await startService(kind, { shipments: 2, gateway: true, storedSessions: true })
    userId = await addPerson(service, 'operator', 'ana@example.com')
  })
  afterAll(() => service?.stop())

  const register = async (person: ReturnType<typeof browser>, name: string) => {
    const options = await person.send('POST', '/session/passkeys/registration/options', {})
    expect(options.status).toBe(200)
    const response = authenticator.register(options.body, site())
    return {
      response,
      answer: await person.send('POST', '/session/passkeys/registration', { name, response }),
    }
  }
  const signIn = async (person: ReturnType<typeof browser>, at = site()) => {
    const options = await person.send('POST', '/session/passkeys/authentication/options', {})
    expect(options.status).toBe(200)
    const response = authenticator.authenticate(options.body, at)
    return { response, answer: await person.send('POST', '/session/passkeys/authentication', { response }) }
  }

  it('refuses registration to anyone not signed in as a person', async () => {
    const stranger = browser(service)
    const answer = await stranger.send('POST', '/session/passkeys/registration/options', {})
    expect(answer.status).toBe(401)
    expect(answer.body.errors[0].code).toBe('no_user')
  })

  it('registers a passkey for a signed-in person without a password, once, and audits it', async () => {
    const ana = browser(service)
    await ana.signInAs(userId)
    const { response, answer } = await register(ana, 'Laptop')
    expect(answer.status).toBe(201)
    expect(answer.body).toEqual({ id: authenticator.id, name: 'Laptop' })
    const replay = await ana.send('POST', '/session/passkeys/registration', { name: 'Again', response })
    expect(replay.status).toBe(401)
    expect(replay.body.errors[0]).toMatchObject({ code: 'passkey_refused', source: { pointer: '/response' } })
    const list = await ana.send('GET', '/session/passkeys')
    expect(list.body.data).toEqual([
      expect.objectContaining({ id: authenticator.id, name: 'Laptop', last_used_at: null }),
    ])
    const { rows } = await service.storage.db.execute(
      sql`select action, actor_id, target_id, via from audit_events where action = 'passkey.added'`,
    )
    expect(rows).toEqual([{ action: 'passkey.added', actor_id: userId, target_id: userId, via: 'dashboard' }])
  })

  it('signs in with the passkey after signing out, with a new session id, acting as the person', async () => {
    const ana = browser(service)
    const { answer } = await signIn(ana)
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ signedIn: true, user: { id: userId, email: 'ana@example.com' } })
    expect(answer.headers.get('set-cookie')).toMatch(/HttpOnly/)
    expect((await ana.send('GET', '/session')).body.user.id).toBe(userId)
    expect((await ana.send('GET', '/v2/shipments?page[size]=1')).status).toBe(200)
    const [passkey] = (await ana.send('GET', '/session/passkeys')).body.data
    expect(passkey.last_used_at).not.toBeNull()
    const { rows } = await service.storage.db.execute(
      sql`select actor_id, target_id, via, after from audit_events where action = 'user.signed_in'`,
    )
    expect(rows).toEqual([
      { actor_id: userId, target_id: userId, via: 'dashboard', after: { method: 'passkey' } },
    ])
  })

  it('refuses a replayed sign-in, and a fresh answer to a spent challenge', async () => {
    const ana = browser(service)
    const options = (await ana.send('POST', '/session/passkeys/authentication/options', {})).body
    const response = authenticator.authenticate(options, site())
    expect((await ana.send('POST', '/session/passkeys/authentication', { response })).status).toBe(200)
    ana.forget()
    const replay = await ana.send('POST', '/session/passkeys/authentication', { response })
    expect(replay.status).toBe(401)
    expect(replay.headers.get('set-cookie')).toBeNull()
    // signed anew, counter up: only the challenge being spent refuses it
    const again = authenticator.authenticate(options, site())
    const answer = await ana.send('POST', '/session/passkeys/authentication', { response: again })
    expect(answer.status).toBe(401)
    expect(answer.body.errors[0]).toMatchObject({ code: 'passkey_refused', source: { pointer: '/response' } })
  })

  it('refuses an answer made for another origin, and counts nothing', async () => {
    const stored = async () =>
      (
        await service.storage.db.execute<{ counter: number }>(
          sql`select counter from passkeys where id = ${authenticator.id}`,
        )
      ).rows[0].counter
    const before = await stored()
    const { answer } = await signIn(browser(service), { rpId: '127.0.0.1', origin: 'http://evil.example' })
    expect(answer.status).toBe(401)
    expect(answer.body.errors[0].code).toBe('passkey_refused')
    expect(await stored()).toBe(before)
  })

  it('refuses a registration sent from another site', async () => {
    const ana = browser(service)
    await ana.signInAs(userId)
    const answer = await ana.send('POST', '/session/passkeys/registration/options', {}, 'http://evil.example')
    expect(answer.status).toBe(403)
    expect(answer.body.errors[0].code).toBe('cross_origin')
  })

  it('removes the passkey, audited, after which it signs nobody in', async () => {
    const ana = browser(service)
    await ana.signInAs(userId)
    expect((await ana.send('DELETE', `/session/passkeys/${authenticator.id}`)).status).toBe(204)
    expect((await ana.send('DELETE', `/session/passkeys/${authenticator.id}`)).status).toBe(404)
    const { rows } = await service.storage.db.execute(
      sql`select action from audit_events where action = 'passkey.removed' and actor_id = ${userId}`,
    )
    expect(rows).toHaveLength(1)
    const { answer } = await signIn(browser(service))
    expect(answer.status).toBe(401)
  })

  it('lets a person who joined without a password register a passkey at once, and sign in with it', async () => {
    const joined = await invitedPerson(service, 'viewer', { password: null })
    const own = softwareAuthenticator()
    const options = await joined.browser.send('POST', '/session/passkeys/registration/options', {})
    const response = own.register(options.body, site())
    const added = await joined.browser.send('POST', '/session/passkeys/registration', {
      name: 'Phone',
      response,
    })
    expect(added.status).toBe(201)
    const fresh = browser(service)
    const request = (await fresh.send('POST', '/session/passkeys/authentication/options', {})).body
    const answer = await fresh.send('POST', '/session/passkeys/authentication', {
      response: own.authenticate(request, site()),
    })
    expect(answer.status).toBe(200)
    expect(answer.body.user).toMatchObject({ id: joined.id, role: 'viewer' })
  })
})
