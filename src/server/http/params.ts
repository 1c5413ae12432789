import { isUuid } from '../storage/reference-store'
import { badParameter, notFound } from './problem'

/** An id that cannot exist answers 404 exactly as one that does not. */
export function requireUuid(id: string, what: string) {
  if (!isUuid(id)) throw notFound(what, id)
  return id
}

/** A filter by id: one that is not a UUID is a bad parameter (400), not a database error. */
export function uuidParameter(name: string, raw: string | undefined) {
  if (raw === undefined || raw === '') return undefined
  if (!isUuid(raw)) throw badParameter(name, `${name} must be a UUID`)
  return raw
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
  // JavaScript dates reach years PostgreSQL cannot store; four-digit years fit both
  const year = date.getUTCFullYear()
  if (Number.isNaN(date.getTime()) || year < 1 || year > 9999)
    throw badParameter(name, `${name} must be an ISO 8601 date or time between the years 1 and 9999`)
  return date
}
