import { describe, expect, it } from 'vitest'
import { arrange } from './column-preferences'

const KNOWN = ['bl', 'route', 'eta', 'customer']

describe('arranging the chosen columns', () => {
  it('shows the defaults until the person chooses', () => {
    expect(arrange({ order: [], hidden: [] }, KNOWN, ['customer'])).toEqual([
      { id: 'bl', visible: true },
      { id: 'route', visible: true },
      { id: 'eta', visible: true },
      { id: 'customer', visible: false },
    ])
  })

  it("keeps the person's order and choice, drops columns that are gone and adds new ones at the end", () => {
    const choice = { order: ['eta', 'retired', 'bl', 'customer'], hidden: ['bl'] }
    expect(arrange(choice, KNOWN, ['customer'])).toEqual([
      { id: 'eta', visible: true },
      { id: 'bl', visible: false },
      { id: 'customer', visible: true },
      { id: 'route', visible: true },
    ])
  })

  it('keeps a column defined after the choice was saved, such as a new custom field, as its default says', () => {
    const saved = { order: ['bl', 'route', 'eta', 'customer'], hidden: ['eta'] }
    expect(arrange(saved, [...KNOWN, 'cf.po'], ['customer', 'cf.po'])).toEqual([
      { id: 'bl', visible: true },
      { id: 'route', visible: true },
      { id: 'eta', visible: false },
      { id: 'customer', visible: true },
      { id: 'cf.po', visible: false },
    ])
  })
})
