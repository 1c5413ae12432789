export async function paged<T>(rows: Promise<T[]>, total: Promise<{ total: number }[]>) {
  const [list, [{ total: count }]] = await Promise.all([rows, total])
  return { rows: list, total: Number(count) }
}

/** A page with room left already says how many match, so it costs one statement rather than two. */
export async function pagedCountingWhenFull<T>(
  rows: PromiseLike<T[]>,
  count: () => PromiseLike<{ total: number }[]>,
  window: { limit: number; offset: number },
) {
  const list = await rows
  if (list.length < window.limit && (list.length > 0 || window.offset === 0))
    return { rows: list, total: window.offset + list.length }
  const [{ total }] = await count()
  return { rows: list, total: Number(total) }
}
