import { describe, expect, it } from 'vitest'
import { BOARD_LIST } from '../../../contract/container-board-query'
import { apiFilters, filtersActive, filterValuesFrom } from './list-url'

describe('a list’s filters in the URL, from its contract declaration', () => {
  it('reads the URL names, writes the API names, and keeps codes in capitals', () => {
    const values = filterValuesFrom(
      BOARD_LIST,
      new URLSearchParams('carrier=maeu&tag=%20vip%20&hold=customs'),
    )
    expect(values).toEqual({ carrier: 'MAEU', tag: 'vip', hold: 'customs' })
    expect(apiFilters(BOARD_LIST, values)).toMatchObject({
      'filter[shipping_line_scac]': 'MAEU',
      'filter[tags]': 'vip',
      'filter[hold]': 'customs',
      'filter[customer_id]': undefined,
    })
  })

  it('leaves out what the API would refuse, so an old or edited link still opens the list', () => {
    const values = filterValuesFrom(BOARD_LIST, new URLSearchParams('terminal=nope&days=99&tab=urgent'))
    expect(values).toEqual({})
  })

  it('counts only the filters drawn behind the toggle as active, not the tab', () => {
    expect(filtersActive(BOARD_LIST, { tab: 'overdue', days: '3' })).toBe(false)
    expect(filtersActive(BOARD_LIST, { tag: 'vip' })).toBe(true)
  })
})
