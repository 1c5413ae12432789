import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { ApiError } from './api/api-error'

const queryClient = new QueryClient({
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
