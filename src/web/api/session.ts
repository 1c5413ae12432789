import { queryOptions } from '@tanstack/react-query'
import { SessionSchema, type SignIn } from '../../contract/session'
import { createApiClient } from './api-client'

const sessionApi = createApiClient({ baseUrl: '' })

/** The dashboard's own server keeps the API key; the browser only ever holds an HttpOnly cookie. */
export const sessionClient = {
  get: () => sessionApi.get('/session', SessionSchema),
  signIn: (apiKey: string) => sessionApi.post('/session', { apiKey } satisfies SignIn, SessionSchema),
  signOut: () => sessionApi.delete('/session'),
}

/** Who this browser is signed in as, and whether it may make changes; it changes only at sign-in and sign-out. */
export const sessionQuery = () =>
  queryOptions({ queryKey: ['session'], queryFn: sessionClient.get, staleTime: Number.POSITIVE_INFINITY })
