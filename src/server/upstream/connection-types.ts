import type { ConnectDeps, ConnectedAccount } from './connect'

type Pace = { requestsPerMinute: number; pageSize: number; reconcileMs: number }

export type RegistryOptions = ConnectDeps & {
  /** Without it no connection can be made in Settings, since its key could not be kept sealed. */
  secretKey?: string
  publicUrl: string
  pace: Pace
  urlProblem: (url: string) => Promise<string | undefined>
  /** An API-only process only writes through. */
  run: boolean
}

export const NO_SECRET_KEY =
  'Connecting an account needs SECRET_KEY set on this server: the upstream key is kept encrypted with it. Set SECRET_KEY and restart, then connect again'

/** The sealed key is null for the configured account. */
export type Running = Map<string, { account: ConnectedAccount; sealed: string | null }>
