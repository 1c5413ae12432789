import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createGateway } from '../../src/server/gateway/gateway'
import { createSessionStore } from '../../src/server/gateway/sessions'
import { storagePeople } from '../../src/server/start/people-gateway'
import { DATABASE_KINDS } from '../support/databases'
import { softwareAuthenticator } from '../support/software-authenticator'
import { type Service, startService } from './harness'

const ORIGIN = 'http://localhost:5225'

describe.each(DATABASE_KINDS)('passkey sign-in limits (%s)', (kind) => {
  let service: Service
  beforeAll(async () => {
    service = await startService(kind, { shipments: 1 })
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
})
