import { z } from 'zod'
import { createApiClient } from './api-client'

const SessionSchema = z.looseObject({ signedIn: z.boolean(), demo: z.boolean().optional() })

const sessionApi = createApiClient({ baseUrl: '' })

/** The dashboard's own server keeps the API key; the browser only ever holds an HttpOnly cookie. */
export const sessionClient = {
  get: () => sessionApi.get('/session', SessionSchema),
  signIn: (apiKey: string) => sessionApi.post('/session', { apiKey }, SessionSchema),
  signOut: () => sessionApi.delete('/session'),
}
