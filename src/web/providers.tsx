import { MutationCache, QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { ApiError, roleRefusal } from './api/api-error'
import { HISTORY_KEY } from './components/history/history-key'
import { showToast } from './components/toast/toasts'

const queryClient: QueryClient = new QueryClient({
  mutationCache: new MutationCache({
    // whatever a feature says of a failure, a role's refusal is told in the server's words
    onError: (error) => {
      const words = roleRefusal(error)
      if (words) showToast({ tone: 'failed', text: words })
    },
    // any change may add to a page's history, so a shown history is read again after each one
    onSettled: () => queryClient.invalidateQueries({ queryKey: HISTORY_KEY }),
  }),
  defaultOptions: {
    // offline, a fetch fails with a Retry rather than waiting paused behind an endless "Loading…"
    mutations: { networkMode: 'always' },
    queries: {
      networkMode: 'always',
      staleTime: 30_000,
      // the API client already retries 429 and 5xx; a 4xx will not change on its own
      retry: (count, error) => !(error instanceof ApiError) && count < 1,
    },
  },
})

export function Providers({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
}
