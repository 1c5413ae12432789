import { badParameter } from './problem'

export type Page = { number: number; size: number }

const MAX_PAGE_SIZE = 100
/** Far past any real list, and small enough that its offset stays an exact integer in every database. */
const MAX_PAGE_NUMBER = 1_000_000

const parsePositive = (name: string, raw: string | undefined, fallback: number) => {
  if (raw === undefined || raw === '') return fallback
  if (!/^\d+$/.test(raw) || Number(raw) < 1)
    throw badParameter(name, `${name} must be a positive whole number`)
  return Number(raw)
}

/** Reads page[number] and page[size]; sizes above the maximum are cut to it, as the real service does. */
export function readPage(query: (name: string) => string | undefined, defaultSize = 30): Page {
  const number = parsePositive('page[number]', query('page[number]'), 1)
  if (number > MAX_PAGE_NUMBER)
    throw badParameter(
      'page[number]',
      `page[number] must be at most ${MAX_PAGE_NUMBER.toLocaleString('en-US')}`,
    )
  return {
    number,
    size: Math.min(parsePositive('page[size]', query('page[size]'), defaultSize), MAX_PAGE_SIZE),
  }
}

/** first/prev/self/current/next/last links rooted at the request's own path and query. */
export function pageLinks(requestUrl: string, page: Page, total: number) {
  const url = new URL(requestUrl)
  const last = Math.max(1, Math.ceil(total / page.size))
  const at = (number: number) => {
    const copy = new URL(url)
    copy.searchParams.delete('page[number]')
    copy.searchParams.delete('page[size]')
    copy.searchParams.set('page[number]', String(number))
    copy.searchParams.set('page[size]', String(page.size))
    return `${copy.pathname}?${copy.searchParams.toString().replaceAll('%5B', '[').replaceAll('%5D', ']')}`
  }
  return {
    self: `${url.pathname}${url.search}`,
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
