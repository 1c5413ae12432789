import { z } from 'zod/mini'
import { CONTAINER_STATE_KINDS, containerStateOf, stateWords } from './container-state'
import { ContainerSchema } from './containers'
import { type AnyResource, AnyResourceSchema, openEnum } from './document'

/** `meta.container_states` (a Quayside extension): Terminal49's shape is untouched, only `meta` is added. */
export const NotifiedContainerStateSchema = z.looseObject({
  container_id: z.string(),
  number: z.nullish(z.string()),
  state: openEnum(CONTAINER_STATE_KINDS),
  label: z.string(),
  headline: z.string(),
})
export type NotifiedContainerState = z.infer<typeof NotifiedContainerStateSchema>

export const NotificationMetaSchema = z.looseObject({
  container_states: z.optional(z.array(NotifiedContainerStateSchema)),
})

const related = (resource: AnyResource, name: string) =>
  (resource.relationships?.[name] as { data?: { id?: string } | null } | undefined)?.data?.id

export function notifiedContainerStates(payload: readonly unknown[], at: Date): NotifiedContainerState[] {
  const included = payload.flatMap((r) => {
    const read = z.safeParse(AnyResourceSchema, r)
    return read.success ? [read.data] : []
  })
  const named = (type: string, id: string | undefined) =>
    id === undefined ? undefined : included.find((r) => r.type === type && r.id === id)?.attributes
  return included.flatMap((resource) => {
    if (resource.type !== 'container') return []
    const parsed = z.safeParse(ContainerSchema, resource)
    if (!parsed.success) return []
    const a = parsed.data.attributes
    const kind = containerStateOf(a, at)
    const terminal = named('terminal', related(resource, 'pod_terminal'))
    const shipment = named('shipment', related(resource, 'shipment'))
    const words = stateWords(kind, a, {
      terminalName: typeof terminal?.name === 'string' ? terminal.name : undefined,
      vesselName: typeof shipment?.pod_vessel_name === 'string' ? shipment.pod_vessel_name : undefined,
    })
    return [{ container_id: resource.id, number: a.number, state: kind, ...words }]
  })
}
