import { describe, expect, it } from 'vitest'
import { actionWords, actorWords, changeLines, valueWords } from './history-words'

describe('history in words', () => {
  it('says each changed field with what it was and what it became', () => {
    expect(
      changeLines({ before: { tags: [], broker: 'Acme' }, after: { tags: ['hot', 'late'], broker: null } }),
    ).toEqual([
      { field: 'Tags', before: 'none', after: 'hot, late' },
      { field: 'Broker', before: 'Acme', after: 'none' },
    ])
    expect(changeLines({ before: null, after: { needs_exam: true } })).toEqual([
      { field: 'Needs exam', before: 'none', after: 'yes' },
    ])
  })

  it('names a person, a key, and where the change came from', () => {
    expect(actorWords({ actor_kind: 'user', actor_name: 'Dana Reyes', via: 'dashboard' })).toEqual({
      who: 'Dana Reyes',
      where: 'in the dashboard',
    })
    expect(actorWords({ actor_kind: 'key', actor_name: 'ERP sync', via: 'api' })).toEqual({
      who: 'ERP sync (API key)',
      where: 'through the API',
    })
  })

  it('says an action it knows in words, and one it does not by its name', () => {
    expect(actionWords('custom_field.set')).toBe('set a field')
    expect(actionWords('webhook.secret_rotated')).toBe('webhook secret rotated')
    expect(valueWords(0)).toBe('0')
  })
})
