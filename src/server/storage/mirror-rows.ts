import { getTableColumns } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'

/** Read tolerantly: every part may be missing. */
export type UpstreamResource = {
  id: string
  type: string
  attributes?: Record<string, unknown>
  relationships?: Record<string, { data?: unknown } | undefined>
}

export function relatedId(resource: UpstreamResource, name: string): string | null {
  const data = resource.relationships?.[name]?.data
  if (!data || typeof data !== 'object' || Array.isArray(data)) return null
  const id = (data as { id?: unknown }).id
  return typeof id === 'string' ? id : null
}

const asDate = (value: unknown) => {
  if (value === null || value === undefined || value === '') return null
  const date = new Date(value as string)
  return Number.isNaN(date.getTime()) ? null : date
}

const asNumber = (value: unknown, whole: boolean) => {
  if (value === null || value === undefined || value === '') return null
  const number = Number(value)
  if (!Number.isFinite(number)) return null
  return whole ? Math.round(number) : number
}

/** Numbers may arrive as strings; an unreadable time is unknown. */
function columnValue(columnType: string, value: unknown, notNull: boolean): unknown {
  switch (columnType) {
    case 'PgTimestamp':
      return asDate(value)
    case 'PgDateString':
    case 'PgDate':
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null
    case 'PgInteger':
      return asNumber(value, true)
    case 'PgDoublePrecision':
      return asNumber(value, false)
    case 'PgBoolean':
      return value === null || value === undefined
        ? notNull
          ? false
          : null
        : value === true || value === 'true'
    case 'PgJsonb':
      return value ?? (notNull ? [] : null)
    case 'PgText':
      return value === null || value === undefined ? null : String(value)
    default:
      return undefined
  }
}

const OWN_COLUMNS = new Set([
  'id',
  'account_id',
  'source',
  'upstream_checked_at',
  'upstream_digest',
  'upstream_events_digest',
  'search_numbers',
])

/** A Terminal49 attribute and Quayside's column share their name; unset columns are left as they were. */
export function rowFromAttributes(table: PgTable, resource: UpstreamResource, skip: string[] = []) {
  const attributes = resource.attributes ?? {}
  const row: Record<string, unknown> = {}
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    if (OWN_COLUMNS.has(key) || skip.includes(key) || !(column.name in attributes)) continue
    const value = columnValue(column.columnType, attributes[column.name], column.notNull)
    if (value === undefined || (value === null && column.notNull)) continue
    row[key] = value
  }
  return row
}
