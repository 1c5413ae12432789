import { useCallback, useSyncExternalStore } from 'react'

export type ColumnChoice = { order: string[]; hidden: string[] }

const listeners = new Set<() => void>()
const cached = new Map<string, { raw: string | null; value: ColumnChoice }>()

const parse = (raw: string | null): ColumnChoice => {
  try {
    const value = JSON.parse(raw ?? '') as Partial<ColumnChoice>
    const strings = (list: unknown) =>
      Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : []
    return { order: strings(value.order), hidden: strings(value.hidden) }
  } catch {
    return { order: [], hidden: [] }
  }
}

const read = (key: string) => {
  let raw: string | null = null
  try {
    raw = localStorage.getItem(key)
  } catch {
    // storage disabled: the defaults stand, or the choice made in this page
    return cached.get(key)?.value ?? parse(null)
  }
  const hit = cached.get(key)
  if (hit?.raw === raw) return hit.value
  const value = parse(raw)
  cached.set(key, { raw, value })
  return value
}

const subscribe = (onChange: () => void) => {
  listeners.add(onChange)
  return () => listeners.delete(onChange)
}

/** New columns join the end of the person's order. */
export function arrange(choice: ColumnChoice, known: readonly string[], hiddenByDefault: readonly string[]) {
  const order = [
    ...choice.order.filter((id) => known.includes(id)),
    ...known.filter((id) => !choice.order.includes(id)),
  ]
  const chosen = choice.order.length > 0 || choice.hidden.length > 0
  // a column the choice never saw (a custom field defined since) keeps its default
  const hidden = (id: string) =>
    chosen && (choice.order.length === 0 || choice.order.includes(id))
      ? choice.hidden.includes(id)
      : hiddenByDefault.includes(id)
  return order.map((id) => ({ id, visible: !hidden(id) }))
}

/** Kept in this browser under `storageKey`. */
export function useColumnChoice(
  storageKey: string,
  known: readonly string[],
  hiddenByDefault: readonly string[],
) {
  const choice = useSyncExternalStore(
    subscribe,
    () => read(storageKey),
    () => read(storageKey),
  )
  const columns = arrange(choice, known, hiddenByDefault)
  const save = useCallback(
    (next: { id: string; visible: boolean }[]) => {
      const value = { order: next.map((c) => c.id), hidden: next.filter((c) => !c.visible).map((c) => c.id) }
      const raw = JSON.stringify(value)
      try {
        localStorage.setItem(storageKey, raw)
      } catch {
        // storage disabled: the change lasts until the page closes
      }
      cached.set(storageKey, { raw, value })
      for (const listener of listeners) listener()
    },
    [storageKey],
  )
  return { columns, save }
}
