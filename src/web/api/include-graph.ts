import type { z } from 'zod/mini'
import type { AnyResource, ResourceIdentifier } from '../../contract/document'

type Linked = { relationships?: Record<string, unknown> }
type Document = { data: unknown; included?: AnyResource[] }

const linkageOf = (
  resource: Linked,
  name: string,
): ResourceIdentifier | ResourceIdentifier[] | null | undefined =>
  (resource.relationships?.[name] as { data?: ResourceIdentifier | ResourceIdentifier[] | null } | undefined)
    ?.data

/** Schemas are applied as a page follows a relationship, so it loads only those it reads; a failing one is left out. */
export function createIncludeGraph(document: Document) {
  const raw = new Map<string, unknown>()
  const primary = Array.isArray(document.data) ? document.data : [document.data]
  for (const resource of [...(document.included ?? []), ...(primary as AnyResource[])])
    if (resource) raw.set(`${resource.type}:${resource.id}`, resource)
  const parsed = new Map<string, { schema: z.ZodMiniType; result: unknown }>()

  const find = <S extends z.ZodMiniType>(identifier: ResourceIdentifier | null | undefined, schema: S) => {
    if (!identifier) return undefined
    const key = `${identifier.type}:${identifier.id}`
    const cached = parsed.get(key)
    if (cached?.schema === schema) return cached.result as z.infer<S> | undefined
    const resource = raw.get(key)
    const outcome = resource === undefined ? undefined : schema.safeParse(resource)
    const result = outcome?.success ? outcome.data : undefined
    parsed.set(key, { schema, result })
    return result as z.infer<S> | undefined
  }

  return {
    one<S extends z.ZodMiniType>(resource: Linked, name: string, schema: S): z.infer<S> | undefined {
      const linkage = linkageOf(resource, name)
      return Array.isArray(linkage) ? undefined : find(linkage, schema)
    },
    many<S extends z.ZodMiniType>(resource: Linked, name: string, schema: S): z.infer<S>[] {
      const linkage = linkageOf(resource, name)
      return Array.isArray(linkage)
        ? linkage.map((id) => find(id, schema)).filter((r) => r !== undefined)
        : []
    },
  }
}
