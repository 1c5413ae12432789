import { isUuid } from '../storage/reference-store'
import { notFound } from './problem'

/** An id that cannot exist answers 404 exactly as one that does not. */
export function requireUuid(id: string, what: string) {
  if (!isUuid(id)) throw notFound(what, id)
  return id
}

export const findingOr404 =
  <Row>(what: string, read: (accountId: string, id: string) => Promise<Row | undefined>) =>
  async (accountId: string, id: string) => {
    const row = await read(accountId, requireUuid(id, what))
    if (!row) throw notFound(what, id)
    return row
  }
