import { useSyncExternalStore } from 'react'

export type TimeZoneMode = 'place' | 'viewer'

const KEY = 'quayside.time-zone'
const listeners = new Set<() => void>()

const read = (): TimeZoneMode => {
  try {
    return localStorage.getItem(KEY) === 'viewer' ? 'viewer' : 'place'
  } catch {
    return 'place'
  }
}

const subscribe = (onChange: () => void) => {
  listeners.add(onChange)
  window.addEventListener('storage', onChange)
  return () => {
    listeners.delete(onChange)
    window.removeEventListener('storage', onChange)
  }
}

export const useTimeZoneMode = () => useSyncExternalStore(subscribe, read, () => 'place' as const)

/** Every open tab follows. */
export function setTimeZoneMode(mode: TimeZoneMode) {
  try {
    localStorage.setItem(KEY, mode)
  } catch {
    // storage may be disabled; the choice then lasts for this page only
  }
  for (const listener of listeners) listener()
}

export const viewerZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone
