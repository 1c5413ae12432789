import type { PaginationLinks, PaginationMeta } from '../../contract/document'

const pageNumberIn = (link: string | null | undefined) => {
  if (!link) return undefined
  const match = /page(?:\[|%5B)number(?:\]|%5D)=(\d+)/.exec(link)
  return match ? Number(match[1]) : undefined
}

/** Links or meta, whichever the server sent. */
export function pageInfo(
  document: { links?: PaginationLinks; meta?: PaginationMeta; data: unknown[] },
  size: number,
) {
  const total = document.meta?.total
  const current = pageNumberIn(document.links?.current) ?? pageNumberIn(document.links?.self) ?? 1
  const last =
    total !== undefined
      ? Math.max(1, Math.ceil(total / size))
      : (pageNumberIn(document.links?.last) ?? current)
  return {
    current,
    last,
    total,
    hasNext: Boolean(document.links?.next) || current < last,
    hasPrev: current > 1,
  }
}
