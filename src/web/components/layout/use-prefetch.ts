import { type FetchQueryOptions, useQueryClient } from '@tanstack/react-query'
import { useRef } from 'react'

// biome-ignore lint/suspicious/noExplicitAny: each query has its own data type
type Queries = FetchQueryOptions<any, any, any, any>[]

/** So a page's code and data arrive together, not one after the other; `key` restarts them. */
export function usePrefetch(key: string, queries: () => Promise<Queries> | Queries) {
  const queryClient = useQueryClient()
  const started = useRef<string>(undefined)
  if (started.current === key) return
  started.current = key
  void Promise.resolve()
    .then(queries)
    .then((list) => {
      for (const query of list) void queryClient.prefetchQuery(query)
    })
    // the page's own queries report the failure
    .catch(() => undefined)
}
