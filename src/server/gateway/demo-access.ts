import { isLoopbackHost } from './host-check'

const DEMO_ACCESS_VALUES = ['read-write', 'read-only', 'off'] as const
export type DemoAccess = (typeof DEMO_ACCESS_VALUES)[number]

/** Unset: read-write on loopback (someone's own machine), read-only when bound to a network. */
export function demoAccessFrom(raw: string | undefined, bindHost: string): DemoAccess {
  if (raw === undefined || raw === '') return isLoopbackHost(bindHost) ? 'read-write' : 'read-only'
  const value = raw.trim().toLowerCase()
  if (!(DEMO_ACCESS_VALUES as readonly string[]).includes(value))
    throw new Error(`DEMO_ACCESS must be one of ${DEMO_ACCESS_VALUES.join(', ')}, not '${raw}'`)
  return value as DemoAccess
}

export type DemoSignIn = {
  apiKey: string
  readOnlyKey: string
  access: Exclude<DemoAccess, 'off'>
}
