import { useSyncExternalStore } from 'react'

export type Toast = {
  id: number
  text: string
  tone: 'done' | 'failed'
  undo?: () => Promise<unknown>
}

let toasts: Toast[] = []
let nextId = 1
const listeners = new Set<() => void>()
const emit = () => {
  for (const listener of listeners) listener()
}

export const toastLifetime = (toast: Pick<Toast, 'undo'>) => (toast.undo ? 10_000 : 6_000)

export function showToast(toast: Omit<Toast, 'id'>) {
  const id = nextId++
  toasts = [...toasts.slice(-3), { ...toast, id }]
  emit()
  return id
}

export function dismissToast(id: number) {
  toasts = toasts.filter((t) => t.id !== id)
  emit()
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export const useToasts = () =>
  useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  )
