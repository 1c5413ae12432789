import { EMBED_ATTRIBUTES, type EmbedFieldGroup } from '../../contract/embed-tokens'
import type { ResourceObject } from '../jsonapi/render'
import { ShownJson } from '../jsonapi/shown-json'

/** The rest (customers, terminals, users) never show. */
const RELATIONSHIPS: Record<string, readonly string[]> = {
  shipment: ['containers'],
  container: ['shipment', 'transport_events'],
  transport_event: ['container', 'location'],
  port: [],
}

function sharedAttributes(fields: readonly string[]) {
  const shared = new Map<string, Set<string>>()
  for (const group of ['base', ...fields] as ('base' | EmbedFieldGroup)[])
    for (const [type, names] of Object.entries(EMBED_ATTRIBUTES[group] ?? {})) {
      const set = shared.get(type) ?? new Set<string>()
      for (const name of names) set.add(name)
      shared.set(type, set)
    }
  if (!fields.includes('timeline')) shared.delete('port')
  return shared
}

const pick = (source: Record<string, unknown>, names: Iterable<string>) => {
  const picked: Record<string, unknown> = {}
  for (const name of names) if (name in source) picked[name] = source[name]
  return picked
}

/** An attribute the token does not share is absent, not emptied; no links into the keyed API. */
function cut(resource: ResourceObject, shared: Map<string, Set<string>>): ResourceObject | undefined {
  const attributes = shared.get(resource.type)
  if (!attributes) return undefined
  const relationships = Object.fromEntries(
    Object.entries(resource.relationships ?? {}).filter(
      ([name, value]) =>
        (RELATIONSHIPS[resource.type] ?? []).includes(name) && linksOnlyShared(value, shared),
    ),
  )
  return {
    id: resource.id,
    type: resource.type,
    attributes: pick(
      resource.attributes instanceof ShownJson ? JSON.parse(resource.attributes.text) : resource.attributes,
      attributes,
    ),
    relationships,
  }
}

const linksOnlyShared = (relationship: unknown, shared: Map<string, Set<string>>) => {
  const data = (relationship as { data?: unknown }).data
  const identifiers = Array.isArray(data) ? data : data ? [data] : []
  return identifiers.every((identifier) => shared.has((identifier as { type: string }).type))
}

export function cutDocument(
  document: { data: ResourceObject | ResourceObject[]; included?: ResourceObject[] },
  fields: readonly string[],
) {
  const shared = sharedAttributes(fields)
  const cutAll = (resources: ResourceObject[]) =>
    resources.flatMap((resource) => {
      const result = cut(resource, shared)
      if (!result) return []
      // linkage without data would still say that something exists
      const { relationships } = result
      for (const relationship of Object.values(relationships ?? {}) as { data?: unknown; links?: unknown }[])
        delete relationship.links
      return [result]
    })
  const data = Array.isArray(document.data) ? cutAll(document.data) : cutAll([document.data])[0]
  return { data, included: cutAll(document.included ?? []) }
}
