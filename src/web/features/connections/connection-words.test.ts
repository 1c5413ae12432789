import { describe, expect, it } from 'vitest'
import { connectionWords } from './connection-words'

const base = {
  status: 'ok' as const,
  syncing: false,
  shipments_mirrored: 12,
  containers_mirrored: 1,
  webhook_registered: true,
}

describe('connectionWords', () => {
  it('tells a first sync under way with the list and page it reads', () => {
    expect(connectionWords({ ...base, syncing: true, sync_list: 'tracking_requests', sync_page: 3 })).toEqual(
      {
        problem: false,
        state: 'Syncing',
        text: 'First copy under way: reading tracking requests, page 3. 12 shipments and 1 container mirrored so far.',
      },
    )
  })

  it('says what Quayside does about an upstream that cannot be reached', () => {
    const words = connectionWords({ ...base, status: 'unreachable', detail: 'The upstream answered 503' })
    expect(words.problem).toBe(true)
    expect(words.state).toBe('Unreachable')
    expect(words.text).toMatch(
      /^The upstream cannot be reached \(The upstream answered 503\)\..*keeps trying/,
    )
  })

  it('asks for a new key when the upstream refuses it', () => {
    const words = connectionWords({
      ...base,
      status: 'unauthorised',
      detail: 'The upstream refused the API key (401)',
    })
    expect(words).toMatchObject({ problem: true, state: 'Unauthorised' })
    expect(words.text).toContain('until the key is replaced')
  })

  it('says how changes arrive once in sync', () => {
    expect(connectionWords({ ...base, webhook_registered: false }).text).toBe(
      '12 shipments and 1 container mirrored; webhooks are not delivered here, so each pass of the reconciler catches changes.',
    )
  })
})
