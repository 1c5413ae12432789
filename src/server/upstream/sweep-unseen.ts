import type { Storage } from '../storage/storage'
import { applyResources, resourcesOf } from './apply-document'
import { type UpstreamClient, UpstreamError } from './upstream-client'

type SweepDeps = {
  storage: Storage
  accountId: string
  client: UpstreamClient
  /** So a mass deletion upstream is taken in over a few passes. */
  limit: number
  now: () => Date
  onAccountChanged?: (accountId: string) => void
}

const PATHS = { shipments: '/shipments', tracking_requests: '/tracking_requests' } as const

/** A 404 removes the row; an answer writes it again (a row paging moved past). */
export async function sweepUnseen(deps: SweepDeps, list: keyof typeof PATHS, passStartedAt: Date) {
  const { storage, accountId, client } = deps
  const unseen = await storage.mirrorVoyage.unseen(accountId, list, passStartedAt, deps.limit)
  const gone: string[] = []
  for (const id of unseen) {
    const answer = await client.get(`${PATHS[list]}/${id}`).catch((error) => {
      if (error instanceof UpstreamError && error.status === 404) return gone.push(id)
      if (error instanceof UpstreamError && error.kind === 'refused') return undefined
      throw error
    })
    if (typeof answer === 'object')
      await storage.transaction((stores) =>
        applyResources(stores, accountId, resourcesOf(answer.body), answer.date),
      )
  }
  const removed = await storage.transaction((stores) =>
    stores.mirrorVoyage.remove(accountId, list, gone, deps.now()),
  )
  if (removed > 0 || unseen.length > 0) deps.onAccountChanged?.(accountId)
  return { asked: unseen.length, removed }
}
