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

/** first/prev/self/current/next/last links: absolute, from `base` and the request's own path and query. */
export function pageLinks(base: string, requestUrl: string, page: Page, total: number) {
  const url = new URL(requestUrl)
  const last = Math.max(1, Math.ceil(total / page.size))
  const at = (number: number) => {
    const copy = new URL(url)
    copy.searchParams.delete('page[number]')
    copy.searchParams.delete('page[size]')
    copy.searchParams.set('page[number]', String(number))
    copy.searchParams.set('page[size]', String(page.size))
    return `${base}${copy.pathname}?${copy.searchParams.toString().replaceAll('%5B', '[').replaceAll('%5D', ']')}`
  }
  return {
    self: `${base}${url.pathname}${url.search}`,
    current: at(page.number),
    first: at(1),
    ...(page.number > 1 ? { prev: at(Math.min(page.number - 1, last)) } : {}),
    ...(page.number < last ? { next: at(page.number + 1) } : {}),
    last: at(last),
  }
}

export const pageMeta = (page: Page, total: number) => {
  const last = Math.max(1, Math.ceil(total / page.size))
  return {
    size: page.size,
    total,
    pagination: {
      current: page.number,
      ...(page.number < last ? { next: page.number + 1 } : {}),
      last,
      records: total,
    },
  }
}
