import { MutationCache, QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { ApiError, roleRefusal } from './api/api-error'
import { showToast } from './components/toast/toasts'

const queryClient = new QueryClient({
  // whatever a feature says of a failure, a role's refusal is told in the server's words
  mutationCache: new MutationCache({
    onError: (error) => {
      const words = roleRefusal(error)
      if (words) showToast({ tone: 'failed', text: words })
    },
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
