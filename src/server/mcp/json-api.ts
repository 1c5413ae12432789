/** The loose JSON:API shapes the tools read; the routes have already checked them against the contract. */
type Ref = { id: string; type: string }
export type Resource = {
  id: string
  type: string
  // biome-ignore lint/suspicious/noExplicitAny: attributes are read field by field, each checked where used
  attributes: Record<string, any>
  relationships?: Record<string, { data?: Ref | Ref[] | null }>
  meta?: Record<string, unknown>
}
export type ListBody = { data: Resource[]; included?: Resource[]; meta?: Record<string, unknown> }
export type OneBody = { data: Resource; included?: Resource[] }

/** The resource a to-one relationship names, from `included`. */
export function related(resource: Resource, name: string, included: Resource[] = []) {
  const data = resource.relationships?.[name]?.data
  if (!data || Array.isArray(data)) return undefined
  return included.find((r) => r.id === data.id && r.type === data.type)
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
export const isUuid = (text: string) => UUID.test(text)
