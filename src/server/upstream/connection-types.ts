import type { ConnectDeps, ConnectedAccount } from './connect'

type Pace = { requestsPerMinute: number; pageSize: number; reconcileMs: number }

export type RegistryOptions = ConnectDeps & {
  /** SECRET_KEY: without it no connection can be made in Settings, since its key could not be kept sealed. */
  secretKey?: string
  publicUrl: string
  pace: Pace
  /** Why a URL may not be reached (the webhooks' outbound rules), or undefined when it may. */
  urlProblem: (url: string) => Promise<string | undefined>
  /** Whether this process runs reconcilers (not an API-only process: it only writes through). */
  run: boolean
}

export const NO_SECRET_KEY =
  'Connecting an account needs SECRET_KEY set on this server: the upstream key is kept encrypted with it. Set SECRET_KEY and restart, then connect again'

/** What runs: each connected account by id, with the sealed key it was started with (null: configured). */
export type Running = Map<string, { account: ConnectedAccount; sealed: string | null }>
