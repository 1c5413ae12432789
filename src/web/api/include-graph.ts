import type { z } from 'zod'
import type { AnyResource, ResourceIdentifier } from '../../contract/document'
import { RESOURCE_SCHEMAS } from '../../contract/resource-registry'

type Linked = { relationships?: Record<string, unknown> }
type Document = { data: unknown; included?: AnyResource[] }

const linkageOf = (
  resource: Linked,
  name: string,
): ResourceIdentifier | ResourceIdentifier[] | null | undefined =>
  (resource.relationships?.[name] as { data?: ResourceIdentifier | ResourceIdentifier[] | null } | undefined)
    ?.data

/**
 * Resolves `included` into a graph, so a page can follow relationships (container -> shipment -> port).
 * Included resources are parsed by their type's contract schema; ones that fail are left out, not thrown.
 */
export function createIncludeGraph(document: Document) {
  const index = new Map<string, unknown>()
  const primary = Array.isArray(document.data) ? document.data : [document.data]
  for (const resource of [...(document.included ?? []), ...(primary as AnyResource[])]) {
    if (!resource) continue
    const schema = RESOURCE_SCHEMAS[resource.type]
    const parsed = schema ? schema.safeParse(resource) : { success: true as const, data: resource }
    if (parsed.success) index.set(`${resource.type}:${resource.id}`, parsed.data)
  }
  const find = <S extends z.ZodType>(identifier: ResourceIdentifier | null | undefined, _schema?: S) =>
    identifier ? (index.get(`${identifier.type}:${identifier.id}`) as z.infer<S> | undefined) : undefined

  return {
    one<S extends z.ZodType>(resource: Linked, name: string, schema: S): z.infer<S> | undefined {
      const linkage = linkageOf(resource, name)
      return Array.isArray(linkage) ? undefined : find(linkage, schema)
    },
    many<S extends z.ZodType>(resource: Linked, name: string, schema: S): z.infer<S>[] {
      const linkage = linkageOf(resource, name)
      return Array.isArray(linkage)
        ? linkage.map((id) => find(id, schema)).filter((r) => r !== undefined)
        : []
    },
  }
}
