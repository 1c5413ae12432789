import { describe, expect, it } from 'vitest'
import { createSessionStore } from './sessions'

const HOUR = 60 * 60 * 1000

describe('the in-memory session store of a pass-through gateway', () => {
  it('ends a session after two idle hours, and keeps one in use until twelve hours after sign-in', async () => {
    let now = 0
    const sessions = createSessionStore(() => now)
    const idle = await sessions.create('idle-key')
    const busy = await sessions.create('busy-key')
    for (now = HOUR; now < 12 * HOUR; now += HOUR) expect((await sessions.get(busy))?.apiKey).toBe('busy-key')
    expect(await sessions.get(idle)).toBeUndefined()
    now = 12 * HOUR
    expect(await sessions.get(busy)).toBeUndefined()
  })

  it('holds at most its cap, dropping the least recently used session once none is unused', async () => {
    const sessions = createSessionStore(() => 0, 3)
    const [first, second, third] = [
      await sessions.create('a'),
      await sessions.create('b'),
      await sessions.create('c'),
    ]
    for (const id of [second, first, third]) await sessions.use(id)
    const fourth = await sessions.create('d')
    expect(sessions.size).toBe(3)
    expect(await sessions.get(second)).toBeUndefined()
    const kept = [await sessions.get(first), await sessions.get(third), await sessions.get(fourth)]
    expect(kept.map((session) => session?.apiKey)).toEqual(['a', 'c', 'd'])
  })

  it('drops sessions never used before one in use, however many strangers open', async () => {
    let now = 0
    const sessions = createSessionStore(() => now, 100)
    const person = await sessions.create('person')
    await sessions.use(person)
    now = 50 * 60 * 1000
    await sessions.use(person)
    // asking who is signed in is not use: a flood's sessions only ever ask
    for (let i = 0; i < 10_000; i++) await sessions.get(await sessions.create(`stranger-${i}`))
    expect(sessions.size).toBe(100)
    expect((await sessions.use(person))?.apiKey).toBe('person')
  })

  it('forgets idle sessions when a new one starts, so they do not hold memory', async () => {
    let now = 0
    const sessions = createSessionStore(() => now)
    for (let i = 0; i < 100; i++) await sessions.create(`key-${i}`)
    now = 3 * HOUR
    await sessions.create('fresh')
    expect(sessions.size).toBe(1)
  })
})
