import { asPositive, defaulted, refuse } from './query-params'

export type Page = { number: number; size: number }

const MAX_PAGE_SIZE = 100
/** Far past any real list, and small enough that its offset stays an exact integer in every database. */
const MAX_PAGE_NUMBER = 1_000_000

const pageNumber = (raw: string) => {
  const number = asPositive(raw)
  return typeof number === 'number' && number > MAX_PAGE_NUMBER
    ? refuse(`must be at most ${MAX_PAGE_NUMBER.toLocaleString('en-US')}`)
    : number
}

/** page[number] and page[size] of a list, `defaultSize` to a page; sizes above 100 are cut to 100, as the real service does. */
// @__NO_SIDE_EFFECTS__
export function pageQuery(defaultSize = 30) {
  const size = (raw: string) => {
    const value = asPositive(raw)
    return typeof value === 'number' ? Math.min(value, MAX_PAGE_SIZE) : value
  }
  return {
    'page[number]': defaulted(pageNumber, 1, 'Page to answer, from 1'),
    'page[size]': defaulted(size, defaultSize, `Resources a page, at most ${MAX_PAGE_SIZE}`),
  }
}

/** The page a validated query asks for. */
export const pageOf = (query: { 'page[number]': number; 'page[size]': number }): Page => ({
  number: query['page[number]'],
  size: query['page[size]'],
})
