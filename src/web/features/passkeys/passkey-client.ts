import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod/mini'
import { PasskeyListSchema } from '../../../contract/passkeys'
import { SessionSchema } from '../../../contract/session'
import { createApiClient } from '../../api/api-client'

const gateway = createApiClient({ baseUrl: '' })
/** The server's options go to the browser's WebAuthn call as they are; it checks them. */
const CeremonyOptionsSchema = z.looseObject({ challenge: z.string() })
const AddedSchema = z.looseObject({ id: z.string(), name: z.string() })

/** The browser's half, loaded only when a passkey is used, so no page pays for it up front. */
const webAuthn = () => import('@simplewebauthn/browser')

export const passkeyQueries = {
  all: () => ['passkeys'] as const,
  list: () =>
    queryOptions({
      queryKey: passkeyQueries.all(),
      queryFn: ({ signal }) => gateway.get('/session/passkeys', PasskeyListSchema, { signal }),
    }),
}

export async function addPasskey(name: string) {
  const [{ startRegistration }, options] = await Promise.all([
    webAuthn(),
    gateway.post('/session/passkeys/registration/options', {}, CeremonyOptionsSchema),
  ])
  const response = await startRegistration({ optionsJSON: options as never })
  return gateway.post('/session/passkeys/registration', { name, response }, AddedSchema)
}

export const removePasskey = (id: string) => gateway.delete(`/session/passkeys/${encodeURIComponent(id)}`)

export async function signInWithPasskey() {
  const [{ startAuthentication }, options] = await Promise.all([
    webAuthn(),
    gateway.post('/session/passkeys/authentication/options', {}, CeremonyOptionsSchema),
  ])
  const response = await startAuthentication({ optionsJSON: options as never })
  return gateway.post('/session/passkeys/authentication', { response }, SessionSchema)
}

/** A person's cancel (or the browser's time-out) is not an error worth a red box. */
export const cancelled = (error: unknown) => error instanceof Error && error.name === 'NotAllowedError'
