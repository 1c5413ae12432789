import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createGateway } from '../../src/server/gateway/gateway'
import { createSessionStore } from '../../src/server/gateway/sessions'
import { storagePeople } from '../../src/server/start/people-gateway'
import { DATABASE_KINDS } from '../support/databases'
import { softwareAuthenticator } from '../support/software-authenticator'
import { type Service, startService } from './harness'
import { addPerson, browser } from './person-browser'

const ORIGIN = 'http://localhost:5225'

describe.each(DATABASE_KINDS)('passkey sign-in limits (%s)', (kind) => {
  let service: Service
  beforeAll(async () => {
    service = await startService(kind, { shipments: 1, gateway: true, storedSessions: true })
  })
  afterAll(() => service?.stop())

  it('counts refused passkeys as failed sign-ins: over the limit, 429 with Retry-After', async () => {
    const gateway = createGateway({
      service: async () => new Response(null, { status: 500 }),
      sessions: createSessionStore(),
      people: storagePeople(service.storage),
      peopleStore: service.storage,
      security: { limits: { authFailuresPerMinute: 3, sessionStartsPerMinute: 100 } },
    })
    const post = (path: string, body: unknown) =>
      gateway.fetch(
        new Request(`${ORIGIN}${path}`, {
          method: 'POST',
          headers: { Origin: ORIGIN, 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        }),
      )
    // a passkey this server never registered
    const stranger = softwareAuthenticator()
    const statuses: number[] = []
    for (let attempt = 0; attempt < 4; attempt++) {
      const options = await post('/session/passkeys/authentication/options', {})
      statuses.push(options.status)
      if (options.status !== 200) {
        expect(Number(options.headers.get('Retry-After'))).toBeGreaterThan(0)
        break
      }
      const response = stranger.authenticate(await options.json(), { rpId: 'localhost', origin: ORIGIN })
      statuses.push((await post('/session/passkeys/authentication', { response })).status)
    }
    expect(statuses).toEqual([200, 401, 200, 401, 200, 401, 429])
  })

  it("counts a known passkey's refused answers against its person's account, from any address", async () => {
    const userId = await addPerson(service, 'operator', `refused-${kind}@example.com`)
    const owner = softwareAuthenticator()
    const ana = browser(service)
    await ana.signInAs(userId)
    const options = await ana.send('POST', '/session/passkeys/registration/options', {})
    const registered = await ana.send('POST', '/session/passkeys/registration', {
      name: 'Laptop',
      response: owner.register(options.body, { rpId: '127.0.0.1', origin: service.baseUrl }),
    })
    expect(registered.status).toBe(201)
    const gateway = createGateway({
      service: async () => new Response(null, { status: 500 }),
      sessions: createSessionStore(),
      people: storagePeople(service.storage),
      peopleStore: service.storage,
      security: {
        limits: { authFailuresPerMinute: 100, sessionStartsPerMinute: 100, accountFailuresPerMinute: 2 },
      },
    })
    const post = (path: string, body: unknown, address: string) =>
      gateway.fetch(
        new Request(`${ORIGIN}${path}`, {
          method: 'POST',
          headers: { Origin: ORIGIN, 'Content-Type': 'application/json', 'X-Forwarded-For': address },
          body: JSON.stringify(body),
        }),
      )
    const answers: { status: number; code?: string }[] = []
    for (let attempt = 1; attempt <= 3; attempt++) {
      const address = `198.51.100.${attempt}`
      const challenge = await post('/session/passkeys/authentication/options', {}, address)
      // signed for another site: the passkey is known, its answer refused
      const response = owner.authenticate(await challenge.json(), {
        rpId: 'elsewhere.example',
        origin: ORIGIN,
      })
      const answer = await post('/session/passkeys/authentication', { response }, address)
      const body = (await answer.json()) as { errors: { code: string; detail: string }[] }
      answers.push({ status: answer.status, code: body.errors[0].code })
      if (answer.status === 429) expect(body.errors[0].detail).toContain('Too many failed sign-ins')
    }
    expect(answers).toEqual([
      { status: 401, code: 'passkey_refused' },
      { status: 401, code: 'passkey_refused' },
      { status: 429, code: 'rate_limited' },
    ])
  })
})
