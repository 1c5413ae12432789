import { badParameter } from '../http/problem'
import type { IncludeTree } from './include-paths'
import { createPickedTexts, picked } from './picked-texts'
import { ShownJson } from './shown-json'

type Identifier = { type: string; id: string }

/** `serial`: a transaction's single connection takes one query at once. */
export type RenderContext<Storage = unknown> = {
  storage: Storage
  accountId: string
  serial?: boolean
  /** Absolute in API answers, rooted paths where it is absent. */
  baseUrl?: string
  /** Attributes the database wrote as JSON stay text (`ShownJson`) rather than parse-and-stringify. */
  raw?: boolean
  /** Without write scope, write-only attributes (webhook secrets) are left out. */
  scope?: 'read' | 'write'
  /** JSON:API sparse fieldsets: a type named here shows only these attributes and relationships. */
  fields?: ReadonlyMap<string, ReadonlySet<string>>
}

async function forEach<T>(context: RenderContext<unknown>, items: T[], work: (item: T) => Promise<void>) {
  if (!context.serial) {
    await Promise.all(items.map(work))
    return
  }
  for (const item of items) await work(item)
}

type ToOne<Row> = {
  kind: 'one'
  /** A bare id means `target`'s type. */
  key: (row: Row) => Identifier | string | null | undefined
  target: string | string[]
}

type ToMany<Row> = {
  kind: 'many'
  target: string
  /** One batched query for all parents, never a query per parent. */
  load: (context: RenderContext<never>, rows: Row[]) => Promise<Map<string, unknown[]>>
  /** All linkage needs when the relationship is not included. */
  ids?: (context: RenderContext<never>, rows: Row[]) => Promise<Map<string, { id: string }[]>>
  linkage?: boolean
  /** Saves the `ids` query when a shown row already carries them. */
  idsInRow?: (row: Row) => string[] | undefined
  /**
   * Each parent's linkage `data` as the JSON text the database wrote, in place of `ids`: a page's hundreds
   * of event ids are neither parsed nor made into objects and written out again.
   */
  linkageJson?: (context: RenderContext<never>, rows: Row[]) => Promise<Map<string, string>>
}

type Shown = { attributes_json: string }

export type ResourceDefinition<Row extends { id: string }> = {
  type: string
  attributes: (row: Exclude<Row, Shown>, context: RenderContext<never>) => Record<string, unknown>
  /** Every attribute it shows: a fieldset naming them all keeps the database's text as it is. */
  attributeNames?: readonly string[]
  self?: (row: Row) => string
  extraLinks?: (row: Row) => Record<string, string>
  relationships: Record<string, ToOne<Row> | ToMany<Row>>
  loadByIds: (context: RenderContext<never>, ids: string[]) => Promise<Row[]>
}

// biome-ignore lint/suspicious/noExplicitAny: a registry holds definitions of every row type
type AnyDefinition = ResourceDefinition<any>
export type DefinitionRegistry = Record<string, AnyDefinition>

export type ResourceObject = {
  id: string
  type: string
  attributes: Record<string, unknown> | ShownJson
  relationships?: Record<string, unknown>
  links?: Record<string, string>
}

const shownOrParsed = (json: string, context: RenderContext<unknown>) =>
  context.raw ? new ShownJson(json) : (JSON.parse(json) as unknown)

const attributesOf = (definition: AnyDefinition, row: { id: string }, context: RenderContext<unknown>) => {
  const json = (row as Partial<Shown>).attributes_json
  if (json === undefined) return definition.attributes(row, context as RenderContext<never>)
  return shownOrParsed(json, context) as Record<string, unknown> | ShownJson
}

const pickedText = createPickedTexts()

/** The whole text stays unparsed unless the fieldset leaves some attribute out. */
function attributesShown(definition: AnyDefinition, context: RenderContext<unknown>) {
  const wanted = context.fields?.get(definition.type)
  if (!wanted || definition.attributeNames?.every((name) => wanted.has(name)))
    return (row: { id: string }) => attributesOf(definition, row, context)
  const fieldset = `${definition.type}:${[...wanted].sort().join(',')}`
  return (row: { id: string }) => {
    const json = (row as Partial<Shown>).attributes_json
    if (json === undefined) return picked(definition.attributes(row, context as RenderContext<never>), wanted)
    return shownOrParsed(pickedText(json, wanted, fieldset), context) as Record<string, unknown> | ShownJson
  }
}

const asIdentifier = (key: Identifier | string, target: string | string[]): Identifier =>
  typeof key === 'string' ? { type: Array.isArray(target) ? target[0] : target, id: key } : key

const targetsOf = (relationship: { target: string | string[] }) =>
  Array.isArray(relationship.target) ? relationship.target : [relationship.target]

/** Below a polymorphic relationship a name is accepted when any registered target has it. */
function checkInclude(registry: DefinitionRegistry, types: string[], tree: IncludeTree, prefix = '') {
  const definitions = types.flatMap((type) => registry[type] ?? [])
  for (const [name, children] of tree) {
    const relationships = definitions.flatMap((definition) => definition.relationships[name] ?? [])
    if (relationships.length === 0)
      throw badParameter(
        'include',
        `'${prefix}${name}' is not a relationship of ${types.join(' or ')} and can't be included`,
      )
    if (children.size > 0)
      checkInclude(registry, [...new Set(relationships.flatMap(targetsOf))], children, `${prefix}${name}.`)
  }
}

/** One batched query per relationship. */
async function renderResources(
  registry: DefinitionRegistry,
  type: string,
  rows: { id: string }[],
  tree: IncludeTree,
  context: RenderContext<unknown>,
  included: Map<string, ResourceObject>,
  primary = true,
): Promise<ResourceObject[]> {
  const definition = registry[type]
  const linkage = new Map<string, Record<string, unknown>>(rows.map((row) => [row.id, {}]))
  const ctx = context as RenderContext<never>
  const wanted = context.fields?.get(definition.type)
  // one left out of the fieldset is still followed when the include asks for it
  const followed = Object.entries(definition.relationships).filter(
    ([name]) => !wanted || wanted.has(name) || tree.has(name),
  )

  await forEach(context, followed, async ([name, relationship]) => {
    const children = tree.get(name)
    if (relationship.kind === 'one') {
      const keys = new Map(
        rows.map((row) => {
          const key = relationship.key(row)
          return [row.id, key ? asIdentifier(key, relationship.target) : null]
        }),
      )
      for (const [id, key] of keys) linkage.get(id)![name] = { data: key }
      if (!children) return
      const byType = new Map<string, Set<string>>()
      for (const key of keys.values()) {
        if (!key) continue
        if (!byType.has(key.type)) byType.set(key.type, new Set())
        byType.get(key.type)!.add(key.id)
      }
      await forEach(context, [...byType], async ([targetType, ids]) => {
        const targetDefinition = registry[targetType]
        if (!targetDefinition) return
        const fresh = [...ids].filter((id) => !included.has(`${targetType}:${id}`))
        const related = fresh.length > 0 ? await targetDefinition.loadByIds(ctx, fresh) : []
        await addIncluded(registry, targetType, related, children, context, included)
      })
      return
    }
    // to-many linkage costs a query, so included resources carry it only where the include goes deeper
    if (!children && (relationship.linkage === false || !primary)) return
    const carried = children ? undefined : idsCarried(relationship, rows)
    if (!children && !carried && relationship.linkageJson) {
      const texts = await relationship.linkageJson(ctx, rows)
      for (const row of rows)
        linkage.get(row.id)![name] = { data: shownOrParsed(texts.get(row.id) ?? '[]', context) }
      return
    }
    const groups =
      carried ?? (await (!children && relationship.ids ? relationship.ids : relationship.load)(ctx, rows))
    for (const row of rows) {
      const related = (groups.get(row.id) ?? []) as { id: string }[]
      linkage.get(row.id)![name] = {
        data: related.map((item) => ({ type: relationship.target, id: item.id })),
      }
    }
    if (!children) return
    const all = [...groups.values()].flat() as { id: string }[]
    const unique = [...new Map(all.map((item) => [item.id, item])).values()]
    await addIncluded(registry, relationship.target, unique, children, context, included)
  })

  return resourceObjects(definition, rows, linkage, context)
}

function resourceObjects(
  definition: AnyDefinition,
  rows: { id: string }[],
  linkage: Map<string, Record<string, unknown>>,
  context: RenderContext<unknown>,
): ResourceObject[] {
  const wanted = context.fields?.get(definition.type)
  const attributes = attributesShown(definition, context)
  return rows.map((row) => {
    const relationships = wanted ? picked(linkage.get(row.id)!, wanted) : linkage.get(row.id)!
    const self = definition.self?.(row)
    const links =
      self || definition.extraLinks
        ? absolute(context.baseUrl, { ...(self ? { self } : {}), ...definition.extraLinks?.(row) })
        : undefined
    return {
      id: row.id,
      type: definition.type,
      attributes: attributes(row),
      ...(Object.keys(relationships).length > 0 ? { relationships } : {}),
      ...(links ? { links } : {}),
    }
  })
}

function idsCarried<Row extends { id: string }>(relationship: ToMany<Row>, rows: Row[]) {
  if (!relationship.idsInRow) return undefined
  const groups = new Map<string, { id: string }[]>()
  for (const row of rows) {
    const ids = relationship.idsInRow(row)
    if (!ids) return undefined
    groups.set(
      row.id,
      ids.map((id) => ({ id })),
    )
  }
  return groups
}

const absolute = (base: string | undefined, links: Record<string, string>) =>
  base ? Object.fromEntries(Object.entries(links).map(([name, path]) => [name, `${base}${path}`])) : links

async function addIncluded(
  registry: DefinitionRegistry,
  type: string,
  rows: { id: string }[],
  tree: IncludeTree,
  context: RenderContext<unknown>,
  included: Map<string, ResourceObject>,
) {
  const fresh = rows.filter((row) => !included.has(`${type}:${row.id}`))
  if (fresh.length === 0) return
  for (const row of fresh) included.set(`${type}:${row.id}`, { id: row.id, type, attributes: {} })
  const rendered = await renderResources(registry, type, fresh, tree, context, included, false)
  for (const resource of rendered) included.set(`${type}:${resource.id}`, resource)
}

export async function renderDocument(
  registry: DefinitionRegistry,
  type: string,
  primary: { id: string }[] | { id: string },
  tree: IncludeTree,
  context: RenderContext<unknown>,
) {
  checkInclude(registry, [type], tree)
  const rows = Array.isArray(primary) ? primary : [primary]
  const included = new Map<string, ResourceObject>()
  const data = await renderResources(registry, type, rows, tree, context, included)
  for (const resource of data) included.delete(`${type}:${resource.id}`)
  return {
    data: Array.isArray(primary) ? data : data[0],
    ...(tree.size > 0 ? { included: [...included.values()] } : {}),
  }
}
