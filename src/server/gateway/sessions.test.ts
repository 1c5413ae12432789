import { describe, expect, it } from 'vitest'
import { createSessionStore } from './sessions'

const HOUR = 60 * 60 * 1000

describe('the session store', () => {
  it('ends a session after two idle hours, and keeps one in use until twelve hours after sign-in', () => {
    let now = 0
    const sessions = createSessionStore(() => now)
    const idle = sessions.create('idle-key')
    const busy = sessions.create('busy-key')
    for (now = HOUR; now < 12 * HOUR; now += HOUR) expect(sessions.get(busy)?.apiKey).toBe('busy-key')
    expect(sessions.get(idle)).toBeUndefined()
    now = 12 * HOUR
    expect(sessions.get(busy)).toBeUndefined()
  })

  it('holds at most its cap, dropping the least recently used session once none is unused', () => {
    const sessions = createSessionStore(() => 0, 3)
    const [first, second, third] = ['a', 'b', 'c'].map((key) => sessions.create(key))
    for (const id of [second, first, third]) sessions.use(id)
    const fourth = sessions.create('d')
    expect(sessions.size).toBe(3)
    expect(sessions.get(second)).toBeUndefined()
    expect([first, third, fourth].map((id) => sessions.get(id)?.apiKey)).toEqual(['a', 'c', 'd'])
  })

  it('drops sessions never used before one in use, however many strangers open', () => {
    let now = 0
    const sessions = createSessionStore(() => now, 100)
    const person = sessions.create('person')
    sessions.use(person)
    now = 50 * 60 * 1000
    sessions.use(person)
    // asking who is signed in is not use: a flood's sessions only ever ask
    for (let i = 0; i < 10_000; i++) sessions.get(sessions.create(`stranger-${i}`))
    expect(sessions.size).toBe(100)
    expect(sessions.use(person)?.apiKey).toBe('person')
  })

  it('forgets idle sessions when a new one starts, so they do not hold memory', () => {
    let now = 0
    const sessions = createSessionStore(() => now)
    for (let i = 0; i < 100; i++) sessions.create(`key-${i}`)
    now = 3 * HOUR
    sessions.create('fresh')
    expect(sessions.size).toBe(1)
  })
})
