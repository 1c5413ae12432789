import { LIST_PAGE, type PageBounds } from '../../contract/list-query'
import { asPositive, defaulted, refuse } from './query-params'

export type Page = { number: number; size: number }

/** Far past any real list, and small enough that its offset stays an exact integer in every database. */
const MAX_PAGE_NUMBER = 1_000_000

const pageNumber = (raw: string) => {
  const number = asPositive(raw)
  return typeof number === 'number' && number > MAX_PAGE_NUMBER
    ? refuse(`must be at most ${MAX_PAGE_NUMBER.toLocaleString('en-US')}`)
    : number
}

/** page[number] and page[size] within the bounds; a larger size is cut to the most, as the real service does. */
// @__NO_SIDE_EFFECTS__
export function pageParams({ size: defaultSize, max }: PageBounds) {
  const size = (raw: string) => {
    const value = asPositive(raw)
    return typeof value === 'number' ? Math.min(value, max) : value
  }
  return {
    'page[number]': defaulted(pageNumber, 1, 'Page to answer, from 1'),
    'page[size]': defaulted(size, defaultSize, `Resources a page, at most ${max}`),
  }
}

/** A list outside the contract's list declarations, `defaultSize` to a page and Terminal49's most. */
// @__NO_SIDE_EFFECTS__
export const pageQuery = (defaultSize = LIST_PAGE.size) => pageParams({ ...LIST_PAGE, size: defaultSize })

/** The page a validated query asks for. */
export const pageOf = (query: { 'page[number]': number; 'page[size]': number }): Page => ({
  number: query['page[number]'],
  size: query['page[size]'],
})
