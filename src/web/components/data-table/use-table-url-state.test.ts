import { describe, expect, it } from 'vitest'
import { LIST_PAGE } from '../../../contract/list-query'
import { nextSort, readTableState } from './use-table-url-state'

const VIEW = { sortFields: ['eta', 'number'] as const, filters: ['q', 'tab'] as const }

describe('a list view in the URL', () => {
  it('reads page, size, sort and filters, trimming and dropping empty ones', () => {
    expect(readTableState(new URLSearchParams('page=3&size=50&sort=-eta&q=%20MSCU%20&tab='), VIEW)).toEqual({
      page: 3,
      size: 50,
      sort: { field: 'eta', descending: true },
      filters: { q: 'MSCU' },
    })
  })

  it('falls back to the defaults for a page, size or sort it does not know', () => {
    expect(readTableState(new URLSearchParams('page=-2&size=7&sort=fees'), VIEW)).toEqual({
      page: 1,
      size: LIST_PAGE.size,
      sort: undefined,
      filters: {},
    })
  })

  it('keeps the size within the page bounds the list declares', () => {
    const search = new URLSearchParams('size=100')
    expect(readTableState(search, VIEW).size).toBe(100)
    expect(readTableState(search, { ...VIEW, page: { size: 30, max: 50 } }).size).toBe(30)
  })

  it('opens at the page size the API answers by default, so the dashboard and the API agree', () => {
    expect(LIST_PAGE.size).toBe(30)
    expect(readTableState(new URLSearchParams(), VIEW).size).toBe(LIST_PAGE.size)
    expect(readTableState(new URLSearchParams(), { ...VIEW, page: { size: 10, max: 50 } }).size).toBe(10)
  })

  it('sorts a clicked column ascending, then descending, then not at all', () => {
    expect(nextSort(undefined, 'eta')).toBe('eta')
    expect(nextSort({ field: 'eta', descending: false }, 'eta')).toBe('-eta')
    expect(nextSort({ field: 'eta', descending: true }, 'eta')).toBeUndefined()
    expect(nextSort({ field: 'number', descending: true }, 'eta')).toBe('eta')
  })
})
