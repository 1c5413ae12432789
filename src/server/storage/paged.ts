/** Runs a page query and its count together, answering the rows and the total for pagination. */
export async function paged<T>(rows: Promise<T[]>, total: Promise<{ total: number }[]>) {
  const [list, [{ total: count }]] = await Promise.all([rows, total])
  return { rows: list, total: Number(count) }
}
