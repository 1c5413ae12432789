import { queryOptions } from '@tanstack/react-query'
import { SessionSchema, type SignIn } from '../../contract/session'
import { createApiClient } from './api-client'

const sessionApi = createApiClient({ baseUrl: '' })

/** The dashboard's own server keeps the API key; the browser only holds an HttpOnly cookie. */
export const sessionClient = {
  get: () => sessionApi.get('/session', SessionSchema),
  signIn: (apiKey: string) => sessionApi.post('/session', { apiKey } satisfies SignIn, SessionSchema),
  signOut: () => sessionApi.delete('/session'),
}

export const sessionQuery = queryOptions({
  queryKey: ['session'],
  queryFn: sessionClient.get,
  staleTime: Number.POSITIVE_INFINITY,
})
