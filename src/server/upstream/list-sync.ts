import type { Storage } from '../storage/storage'
import { applyResources, resourcesOf } from './apply-document'
import { sweepUnseen } from './sweep-unseen'
import type { UpstreamClient } from './upstream-client'

/** Parents first, so what a row refers to is already there when it is written. */
export const LISTS = [
  { name: 'parties', path: '/parties', query: {} },
  { name: 'shipments', path: '/shipments', query: { include: 'containers' } },
  { name: 'tracking_requests', path: '/tracking_requests', query: {} },
  { name: 'custom_field_definitions', path: '/custom_field_definitions', query: { include: 'options' } },
  { name: 'custom_fields', path: '/custom_fields', query: {} },
] as const
export type UpstreamList = (typeof LISTS)[number]

type ListSyncDeps = {
  storage: Storage
  accountId: string
  client: UpstreamClient
  pageSize: number
  now: () => Date
  stopped: () => boolean
  onAccountChanged?: (accountId: string) => void
}

const hasNext = (links: Record<string, unknown> | undefined, count: number, size: number) =>
  links && 'next' in links ? !!links.next : count >= size

/** Each page written with the page reached in one transaction. */
export function listSync(deps: ListSyncDeps) {
  const { storage, accountId, client } = deps
  const sweep = {
    storage,
    accountId,
    client,
    limit: 50,
    now: deps.now,
    onAccountChanged: deps.onAccountChanged,
  }
  const counter = { reads: 0 }

  /** Gone upstream, or moved past by paging. */
  async function sweepAfter(list: string) {
    if (list !== 'shipments' && list !== 'tracking_requests') return
    const startedAt = await storage.upstream.passStartedAt(accountId, list)
    if (startedAt) await sweepUnseen(sweep, list, startedAt)
  }

  async function syncList(list: UpstreamList) {
    let page = await storage.upstream.nextPage(accountId, list.name)
    while (!deps.stopped()) {
      counter.reads++
      const answer = await client.get(list.path, {
        ...list.query,
        'page[number]': page,
        'page[size]': deps.pageSize,
      })
      const data = Array.isArray(answer.body.data) ? answer.body.data : []
      const more = hasNext(answer.body.links, data.length, deps.pageSize)
      await storage.transaction(async (stores) => {
        await applyResources(stores, accountId, resourcesOf(answer.body), answer.date)
        await stores.upstream.advance(accountId, list.name, more ? page + 1 : null, answer.date)
      })
      deps.onAccountChanged?.(accountId)
      if (!more) return sweepAfter(list.name)
      page++
    }
  }
  return { syncList, counter }
}
