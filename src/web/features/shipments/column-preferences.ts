import { useCallback, useSyncExternalStore } from 'react'

export type ColumnChoice = { order: string[]; hidden: string[] }

const KEY = 'quayside.shipments.columns'
const listeners = new Set<() => void>()
let cached: { raw: string | null; value: ColumnChoice } | undefined

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

const read = () => {
  let raw: string | null = null
  try {
    raw = localStorage.getItem(KEY)
  } catch {
    // storage disabled: the defaults stand
  }
  if (cached?.raw !== raw) cached = { raw, value: parse(raw) }
  return cached.value
}

const subscribe = (onChange: () => void) => {
  listeners.add(onChange)
  return () => listeners.delete(onChange)
}

/** Every known column in the person's order (new columns join at the end), and which are shown. */
export function arrange(choice: ColumnChoice, known: readonly string[], hiddenByDefault: readonly string[]) {
  const order = [
    ...choice.order.filter((id) => known.includes(id)),
    ...known.filter((id) => !choice.order.includes(id)),
  ]
  const hidden = choice.order.length > 0 || choice.hidden.length > 0 ? choice.hidden : hiddenByDefault
  return order.map((id) => ({ id, visible: !hidden.includes(id) }))
}

/** The person's choice and order of columns, kept in this browser. */
export function useColumnChoice(known: readonly string[], hiddenByDefault: readonly string[]) {
  const choice = useSyncExternalStore(subscribe, read, read)
  const columns = arrange(choice, known, hiddenByDefault)
  const save = useCallback((next: { id: string; visible: boolean }[]) => {
    try {
      localStorage.setItem(
        KEY,
        JSON.stringify({
          order: next.map((c) => c.id),
          hidden: next.filter((c) => !c.visible).map((c) => c.id),
        }),
      )
    } catch {
      // storage disabled: the change lasts until the page closes
      cached = {
        raw: null,
        value: { order: next.map((c) => c.id), hidden: next.filter((c) => !c.visible).map((c) => c.id) },
      }
    }
    for (const listener of listeners) listener()
  }, [])
  return { columns, save }
}
