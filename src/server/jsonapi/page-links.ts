export type Page = { number: number; size: number }

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
