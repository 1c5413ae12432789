import { isUuid } from '../storage/reference-store'
import { badParameter, notFound } from './problem'

/** An id that cannot exist answers 404 exactly as one that does not. */
export function requireUuid(id: string, what: string) {
  if (!isUuid(id)) throw notFound(what, id)
  return id
}

export function booleanParameter(name: string, raw: string | undefined) {
  if (raw === undefined || raw === '') return undefined
  if (raw === 'true') return true
  if (raw === 'false') return false
  throw badParameter(name, `${name} must be true or false`)
}

export function dateParameter(name: string, raw: string | undefined) {
  if (raw === undefined || raw === '') return undefined
  const date = new Date(raw)
  if (Number.isNaN(date.getTime())) throw badParameter(name, `${name} must be an ISO 8601 date or time`)
  return date
}
