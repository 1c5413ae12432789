import { readCustomFieldFilter } from '../custom-fields/list-filter'
import { pageQuery } from '../http/pagination'
import { badParameter } from '../http/problem'
import { asBoolean, asText, asUuid, includeQuery, optional, refuse } from '../http/query-params'
import type { QueryFamily } from '../http/route'
import type { CustomFieldCondition } from '../storage/custom-field-list'
import { SHIPMENT_SORT_FIELDS, type ShipmentSort } from '../storage/shipment-store'
import type { Storage } from '../storage/storage'

const SLUG = '[a-z][a-z0-9_]{0,62}'
const CUSTOM_SORT = new RegExp(`^-?custom_fields\\.(${SLUG})$`)

type RequestedSort =
  | Extract<ShipmentSort, { field: keyof typeof SHIPMENT_SORT_FIELDS }>
  | { field: 'custom_field'; slug: string; descending: boolean }

/** `sort=pod_eta_at`, `sort=-pod_eta_at` or `sort=custom_fields.<slug>`, as JSON:API spells it; one at a time. */
const asSort = (raw: string): RequestedSort | ReturnType<typeof refuse> => {
  const descending = raw.startsWith('-')
  const custom = CUSTOM_SORT.exec(raw)
  if (custom) return { field: 'custom_field', slug: custom[1], descending }
  const field = raw.replace(/^-/, '')
  if (!Object.hasOwn(SHIPMENT_SORT_FIELDS, field))
    return refuse(
      `must be one of ${Object.keys(SHIPMENT_SORT_FIELDS).join(', ')} or custom_fields.<api_slug>, optionally after -`,
    )
  return { field: field as keyof typeof SHIPMENT_SORT_FIELDS, descending }
}

export const SHIPMENT_LIST_QUERY = {
  ...pageQuery(),
  ...includeQuery,
  q: optional(
    asText,
    'Bill of lading, reference or container number, or the start of one; else part of one, a customer or a vessel',
  ),
  number: optional(asText, 'The number of the tracking request the shipment came from'),
  'filter[tracking_stopped]': optional(asBoolean, 'Only shipments whose tracking has (not) stopped'),
  'filter[shipping_line_scac]': optional(asText),
  'filter[port_of_lading_locode]': optional(asText),
  'filter[port_of_discharge_locode]': optional(asText),
  'filter[customer_id]': optional(asUuid),
  'filter[tags]': optional(asText, 'Shipments carrying this tag'),
  sort: optional(
    asSort,
    `One of ${Object.keys(SHIPMENT_SORT_FIELDS).join(', ')} or custom_fields.<api_slug> (a Quayside extension); a leading - for descending`,
  ),
}

export const SHIPMENT_LIST_FAMILIES: Record<string, QueryFamily> = {
  customFields: {
    pattern: new RegExp(`^filter\\[custom_fields\\.(${SLUG})\\]$`),
    template: 'filter[custom_fields.{api_slug}]',
    prefix: 'filter[custom_fields',
    description:
      'A Quayside extension: shipments whose custom field matches. Options as a comma-separated list (any of ' +
      'them); numbers, dates and times as a value or a from..to range, either side open; true or false; ' +
      'text and references as the exact value',
  },
}

/**
 * Turns the custom field filters and sort of a shipment list request into the store's terms, finding each
 * slug among the account's shipment fields; an unknown slug or a value the field cannot hold is a 400.
 */
export async function customFieldListing(
  storage: Storage,
  accountId: string,
  filters: Map<string, string>,
  sort: RequestedSort | undefined,
) {
  const definitionOf = async (slug: string, parameter: string) => {
    const definition = await storage.customFields.definitionBySlug(accountId, 'Shipment', slug)
    if (!definition)
      throw badParameter(parameter, `${parameter} names ${slug}, which is not a shipment custom field`)
    return definition
  }
  const conditions: CustomFieldCondition[] = []
  for (const [slug, raw] of filters) {
    const parameter = `filter[custom_fields.${slug}]`
    const definition = await definitionOf(slug, parameter)
    const options = await storage.customFields.optionsByDefinitionIds(accountId, [definition.id])
    const read = readCustomFieldFilter(definition, options, raw)
    if (!read.ok) throw badParameter(parameter, `${parameter} ${read.sentence}`)
    conditions.push({ definitionId: definition.id, test: read.test })
  }
  if (sort?.field !== 'custom_field') return { conditions, sort }
  const definition = await definitionOf(sort.slug, 'sort')
  return {
    conditions,
    sort: { field: 'custom_field', definitionId: definition.id, descending: sort.descending } as ShipmentSort,
  }
}
