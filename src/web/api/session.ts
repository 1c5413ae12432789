import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod/mini'
import { SessionSchema, type SignIn } from '../../contract/session'
import { createApiClient } from './api-client'

export const sessionApi = createApiClient({ baseUrl: '' })

/** The dashboard's own server keeps the API key; the browser only holds an HttpOnly cookie. */
export const sessionClient = {
  get: () => sessionApi.get('/session', SessionSchema),
  signIn: (apiKey: string) => sessionApi.post('/session', { apiKey } satisfies SignIn, SessionSchema),
  signOut: () => sessionApi.delete('/session'),
  signOutEverywhere: () => sessionApi.post('/session/sign-out-everywhere', {}, z.unknown()),
}

export const sessionQuery = queryOptions({
  queryKey: ['session'],
  queryFn: sessionClient.get,
  staleTime: Number.POSITIVE_INFINITY,
})
