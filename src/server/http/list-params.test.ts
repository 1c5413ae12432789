import { describe, expect, it } from 'vitest'
import { z } from 'zod/mini'
import { BOARD_LIST } from '../../contract/container-board-query'
import { filterParams, filtersOf, sortParam } from './list-params'

const read = (search: Record<string, string>) =>
  z.safeParse(z.object({ ...filterParams(BOARD_LIST), sort: sortParam(BOARD_LIST) }), search)

describe('a list’s query parameters, from its contract declaration', () => {
  it('reads each filter under the API’s name into the contract’s name, with fallbacks', () => {
    const result = read({ 'filter[shipping_line_scac]': 'maeu', sort: '-pod_eta_at' })
    expect(result.success).toBe(true)
    const query = result.data as Record<string, unknown>
    expect(filtersOf(BOARD_LIST, query)).toMatchObject({ carrier: 'maeu', days: 3, tab: undefined })
    expect(query.sort).toEqual({ field: 'pod_eta_at', descending: true })
  })

  it('refuses a value with the contract’s sentence, naming the parameter', () => {
    const result = read({ 'filter[pod_terminal_id]': 'x', 'filter[lfd_within_days]': '31', sort: 'colour' })
    const issues = result.error?.issues.map((issue) => [issue.path[0], issue.message])
    expect(issues).toEqual([
      ['filter[lfd_within_days]', 'must be a whole number from 0 to 30'],
      ['filter[pod_terminal_id]', 'must be a UUID'],
      [
        'sort',
        'must be one of pickup_lfd, pod_eta_at, number, created_at, empty_return_deadline, appointment, optionally after -',
      ],
    ])
  })
})
