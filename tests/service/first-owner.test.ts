import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inviteFirstOwner } from '../../src/server/start/first-owner'
import { acceptInvitation } from '../../src/server/start/people-changes'
import { DATABASE_KINDS } from '../support/databases'
import { KEY, type Service, startService } from './harness'

const DAY = 24 * 60 * 60 * 1000
const OWNER = 'first-owner@example.com'
const PUBLIC = 'https://quayside.example'

describe.each(DATABASE_KINDS)("OWNER_EMAIL's invitation at each start (%s)", (kind) => {
  let service: Service
  let accountId: string
  beforeAll(async () => {
    service = await startService(kind, { shipments: 1 })
    accountId = (await service.storage.apiKeys.authenticate(KEY))!.accountId
  })
  afterAll(() => service?.stop())

  const start = (at: Date) => inviteFirstOwner(service.storage, accountId, OWNER, PUBLIC, at)
  const tokenOf = (url: string) => url.split('/').at(-1)!

  it('re-issues the invitation of an owner who never came once it expired, and never after they sign in', async () => {
    const first = new Date('2030-01-01T00:00:00Z')
    const made = await start(first)
    expect(made).toEqual({
      email: OWNER,
      url: expect.stringMatching(/^https:\/\/quayside\.example\/invite\//),
    })
    // still pending: nothing new
    expect(await start(new Date(first.getTime() + DAY))).toBeUndefined()

    const later = new Date(first.getTime() + 8 * DAY)
    const again = await start(later)
    expect(again).toEqual({ email: OWNER, url: expect.stringMatching(/\/invite\//) })
    expect(again!.url).not.toBe(made!.url)
    // the new one is pending now, so a start at the same moment issues nothing more
    expect(await start(later)).toBeUndefined()

    const origin = { address: '127.0.0.1', now: later }
    const acceptance = { first_name: 'Bo', passwordHash: null }
    expect(await acceptInvitation(service.storage, tokenOf(made!.url), acceptance, origin)).toBe('expired')
    const person = await acceptInvitation(service.storage, tokenOf(again!.url), acceptance, origin)
    expect(person).toMatchObject({ email: OWNER, role: 'owner' })
    // accepted without a password: signing in (or a passkey) is what ends the re-issuing
    await service.storage.users.signedIn((person as { id: string }).id, later)
    expect(await start(new Date(later.getTime() + 30 * DAY))).toBeUndefined()
  })
})
