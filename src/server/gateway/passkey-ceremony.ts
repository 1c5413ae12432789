import type {
  AuthenticationResponseJSON,
  RegistrationResponseJSON,
  WebAuthnCredential,
} from '@simplewebauthn/server'
import { problem } from '../http/problem'
import { isLoopbackHost } from './host-check'

// loaded at the first ceremony: with its ASN.1 and COSE parsers it took a quarter of a second of every start
const webauthn = () => import('@simplewebauthn/server')

export type RelyingParty = { id: string; origin: string }

/** PUBLIC_URL names the site; without it, only a loopback host (dev and tests) may stand in for it. */
export function relyingParty(requestUrl: string, https: boolean, publicUrl: string | undefined) {
  if (publicUrl) {
    const url = new URL(publicUrl)
    return { id: url.hostname, origin: url.origin }
  }
  const url = new URL(requestUrl)
  if (!isLoopbackHost(url.hostname)) return undefined
  return { id: url.hostname, origin: `${https ? 'https' : 'http'}://${url.host}` }
}

const refused = (detail: string) => problem(401, { detail, pointer: '/response', code: 'passkey_refused' })

/** The challenge the browser says it signed; the caller looks it up (and spends it) before trusting it. */
export function signedChallenge(response: { response?: { clientDataJSON?: unknown } }) {
  const clientData = response.response?.clientDataJSON
  if (typeof clientData !== 'string') throw refused('That passkey answer is incomplete')
  try {
    const challenge = (
      JSON.parse(Buffer.from(clientData, 'base64url').toString('utf8')) as { challenge?: unknown }
    ).challenge
    if (typeof challenge === 'string' && challenge) return challenge
  } catch {}
  throw refused('That passkey answer could not be read')
}

type Person = { id: string; email: string; name: string }

/** User verification preferred, so a security key without a PIN still works; the key is resident for sign-in without a name. */
export const registrationOptions = async (
  rp: RelyingParty,
  person: Person,
  existing: { id: string; transports: string[] }[],
) =>
  (await webauthn()).generateRegistrationOptions({
    rpName: 'Quayside',
    rpID: rp.id,
    userName: person.email,
    userDisplayName: person.name,
    userID: new TextEncoder().encode(person.id),
    attestationType: 'none',
    excludeCredentials: existing,
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    timeout: 5 * 60 * 1000,
  })

export const authenticationOptions = async (rp: RelyingParty) =>
  (await webauthn()).generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: 'preferred',
    timeout: 5 * 60 * 1000,
  })

/** The library's reasons (wrong origin, a bad signature) stay in the log, not in the answer. */
async function verified<T>(work: () => Promise<T>, detail: string) {
  try {
    return await work()
  } catch {
    throw refused(detail)
  }
}

export async function verifyRegistration(response: unknown, challenge: string, rp: RelyingParty) {
  const { verifyRegistrationResponse } = await webauthn()
  const result = await verified(
    () =>
      verifyRegistrationResponse({
        response: response as RegistrationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        requireUserVerification: false,
      }),
    'That passkey could not be registered',
  )
  if (!result.verified) throw refused('That passkey could not be registered')
  const { credential } = result.registrationInfo
  return {
    id: credential.id,
    publicKey: credential.publicKey,
    counter: credential.counter,
    transports: credential.transports ?? [],
  }
}

/** Answers the authenticator's new signature counter. */
export async function verifyAuthentication(
  response: unknown,
  challenge: string,
  rp: RelyingParty,
  credential: WebAuthnCredential,
) {
  const { verifyAuthenticationResponse } = await webauthn()
  const result = await verified(
    () =>
      verifyAuthenticationResponse({
        response: response as AuthenticationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        credential,
        requireUserVerification: false,
      }),
    'That passkey was not accepted',
  )
  if (!result.verified) throw refused('That passkey was not accepted')
  return result.authenticationInfo.newCounter
}
