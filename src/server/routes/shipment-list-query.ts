import { SHIPMENT_LIST } from '../../contract/shipment-list-query'
import { ShipmentListDocumentSchema } from '../../contract/shipments'
import { readCustomFieldFilter } from '../custom-fields/list-filter'
import { filterParams, filtersOf } from '../http/list-params'
import { pageOf, pageParams } from '../http/pagination'
import { badParameter } from '../http/problem'
import { includeQuery, optional, refuse } from '../http/query-params'
import type { QueryFamily } from '../http/route'
import { route } from '../http/route'
import type { CustomFieldCondition } from '../storage/custom-field-list'
import type { SHIPMENT_SORT_FIELDS, ShipmentSort } from '../storage/shipment-store'
import type { Storage } from '../storage/storage'
import { customerFilter, partyScope } from './party-scope'
import { includeOf, respondWithPage } from './respond-with'

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
  const field = SORTS.find((name) => name === raw.replace(/^-/, ''))
  if (!field)
    return refuse(`must be one of ${SORTS.join(', ')} or custom_fields.<api_slug>, optionally after -`)
  return { field, descending }
}

// the contract names the sorts; each must be a column the store orders by
const SORTS: readonly (keyof typeof SHIPMENT_SORT_FIELDS)[] = SHIPMENT_LIST.sorts

const SHIPMENT_LIST_QUERY = {
  ...pageParams(SHIPMENT_LIST.page),
  ...includeQuery,
  ...filterParams(SHIPMENT_LIST),
  sort: optional(
    asSort,
    `One of ${SORTS.join(', ')} or custom_fields.<api_slug> (a Quayside extension); a leading - for descending`,
  ),
}

const SHIPMENT_LIST_FAMILIES: Record<string, QueryFamily> = {
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

/** An unknown slug or a value the field cannot hold is a 400. */
async function customFieldListing(
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

const scopedFilters = (query: Record<string, unknown>, party: string | undefined) => {
  const filters = filtersOf(SHIPMENT_LIST, query)
  return { ...filters, customer: customerFilter(party, filters.customer) }
}

export const shipmentListRoute = (storage: Storage) =>
  route(
    {
      method: 'get',
      path: '/shipments',
      customer: 'party-scoped',
      summary: 'List shipments, newest first',
      query: SHIPMENT_LIST_QUERY,
      queryFamilies: SHIPMENT_LIST_FAMILIES,
      response: ShipmentListDocumentSchema,
    },
    async (c, { query, families }) => {
      const page = pageOf(query)
      const party = partyScope(c, c.var.caller)
      const custom = await customFieldListing(
        storage,
        c.var.caller.accountId,
        families.customFields,
        query.sort,
      )
      const result = await storage.shipments.listShown(
        c.var.caller.accountId,
        { ...scopedFilters(query, party), customFields: custom.conditions },
        page,
        custom.sort,
        !includeOf(c).has('containers'),
      )
      return respondWithPage(c, storage, 'shipment', result, page)
    },
  )
