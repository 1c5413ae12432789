import { describe, expect, it } from 'vitest'
import { boardTabsOf } from './container-board'
import { blockedByHold, containerStateOf, stateWords } from './container-state'
import { CASES_NOW, CONTAINER_STATE_CASES, caseContainer, caseDay, caseHold } from './container-state-cases'

const NOW = CASES_NOW
const container = (attributes: Record<string, unknown>) => caseContainer(attributes).attributes
const hold = caseHold
const day = caseDay
const CASES = CONTAINER_STATE_CASES

describe('one state for every surface', () => {
  it.each(CASES)('says %s the same way in the state and the board', (_, attributes, kind, headline, tabs) => {
    const a = container(attributes)
    expect(containerStateOf(a, NOW)).toBe(kind)
    expect(stateWords(kind, a, { terminalName: 'Pier 400' }).headline).toBe(headline)
    expect(boardTabsOf({ attributes: a }, NOW, 3).sort()).toEqual(tabs)
  })

  it('never counts an overdue container as available, and prices no pickup behind a hold', () => {
    for (const [, attributes, kind] of CASES) {
      const tabs = boardTabsOf({ attributes: container(attributes) }, NOW, 3)
      expect(tabs.includes('available') && tabs.includes('overdue')).toBe(false)
      expect(blockedByHold(kind)).toBe(kind === 'on_hold' || kind === 'overdue_on_hold')
    }
  })

  it('speaks Spanish, with the holds in Spanish, and names no hold a viewer was not shown', () => {
    const a = container({ available_for_pickup: false, holds_at_pod_terminal: hold, pickup_lfd: day(6) })
    expect(stateWords('on_hold', a, {}, 'es').headline).toBe('No disponible: retención de aduanas')
    const { holds_at_pod_terminal: _, ...unshared } = a
    expect(stateWords('on_hold', unshared, {}, 'en').headline).toBe('Not available: a hold')
  })
})
