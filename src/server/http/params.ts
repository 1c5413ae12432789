import { isUuid } from '../storage/reference-store'
import { notFound } from './problem'

/** An id that cannot exist answers 404 exactly as one that does not. */
export function requireUuid(id: string, what: string) {
  if (!isUuid(id)) throw notFound(what, id)
  return id
}
