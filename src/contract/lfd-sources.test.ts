import { describe, expect, it } from 'vitest'
import { countingLfd, isStaleSource, type LfdFacts, lfdSourcesOf } from './lfd-sources'

const NOW = new Date('2026-11-25T17:00:00Z')
const checked = NOW.toISOString()
const terminal = '2026-11-24T08:00:00.000Z'
const line = '2026-11-27T08:00:00.000Z'
const rail = '2026-11-29T08:00:00.000Z'
const notice = { kind: 'document', value: '2026-11-27', document_id: 'd1', document_name: 'AN.pdf' } as const
const person = { ...notice, kind: 'person', value: '2026-11-28', by: 'Dana', checked_at: checked } as const

const facts = (extra: Partial<LfdFacts>): LfdFacts => ({ terminal_checked_at: checked, ...extra })

describe('the last free day that counts', () => {
  it.each<[string, LfdFacts, string | undefined, string | undefined]>([
    ['nothing known', facts({}), undefined, undefined],
    ['only the line', facts({ import_deadlines: { pickup_lfd_line: line } }), 'line', line],
    [
      'the terminal over the line and the arrival notice',
      facts({
        import_deadlines: { pickup_lfd_terminal: terminal, pickup_lfd_line: line },
        lfd_sources: [notice],
      }),
      'terminal',
      terminal,
    ],
    [
      'the arrival notice over the line',
      facts({ import_deadlines: { pickup_lfd_line: line }, lfd_sources: [notice] }),
      'document',
      '2026-11-27',
    ],
    [
      'the railroad at a rail ramp',
      facts({
        import_deadlines: { pickup_lfd_rail: rail, pickup_lfd_line: line },
        pod_rail_carrier_scac: 'BNSF',
      }),
      'rail',
      rail,
    ],
    [
      "a person's correction over everything",
      facts({
        import_deadlines: { pickup_lfd_terminal: terminal, pickup_lfd_line: line },
        lfd_sources: [notice, person],
      }),
      'person',
      '2026-11-28',
    ],
  ])('%s', (_, a, kind, value) => {
    const counts = countingLfd(a)
    expect(counts?.source.kind).toBe(kind)
    expect(counts?.source.value).toBe(value)
    if (counts) expect(counts.why.length).toBeGreaterThan(10)
  })

  it('lists every source side by side, a correction first and the line last', () => {
    const a = facts({
      import_deadlines: { pickup_lfd_terminal: terminal, pickup_lfd_line: line },
      lfd_sources: [notice, person],
    })
    expect(lfdSourcesOf(a).map((s) => s.kind)).toEqual(['person', 'terminal', 'document', 'line'])
  })

  it('marks a source stale once it is older than the check interval, never a person', () => {
    const old = new Date(NOW.getTime() - 6 * 3_600_000 - 1).toISOString()
    expect(isStaleSource({ kind: 'terminal', checked_at: old }, NOW)).toBe(true)
    expect(isStaleSource({ kind: 'terminal', checked_at: checked }, NOW)).toBe(false)
    expect(isStaleSource({ kind: 'person', checked_at: old }, NOW)).toBe(false)
  })
})
