import { describe, expect, it } from 'vitest'
import { softwareAuthenticator } from '../../../tests/support/software-authenticator'
import {
  authenticationOptions,
  registrationOptions,
  relyingParty,
  signedChallenge,
  verifyAuthentication,
  verifyRegistration,
} from './passkey-ceremony'

const rp = { id: 'localhost', origin: 'http://localhost:5225' }
const person = { id: '5b0c2d7e-0000-4000-8000-000000000001', email: 'ana@example.com', name: 'Ana' }

async function registered() {
  const authenticator = softwareAuthenticator()
  const options = await registrationOptions(rp, person, [])
  const response = authenticator.register(options, { rpId: rp.id, origin: rp.origin })
  const credential = await verifyRegistration(response, options.challenge, rp)
  return { authenticator, credential }
}

describe('relyingParty', () => {
  it('takes the site from PUBLIC_URL', () => {
    expect(relyingParty('http://10.0.0.5:8080/x', false, 'https://track.example.com')).toEqual({
      id: 'track.example.com',
      origin: 'https://track.example.com',
    })
  })
  it('stands in a loopback host for the site only without PUBLIC_URL', () => {
    expect(relyingParty('http://localhost:5225/session', false, undefined)).toEqual(rp)
    expect(relyingParty('http://quayside.internal/session', false, undefined)).toBeUndefined()
  })
})

describe('the ceremonies', () => {
  it('registers a passkey and signs in with it, counting up', async () => {
    const { authenticator, credential } = await registered()
    expect(credential.id).toBe(authenticator.id)
    const options = await authenticationOptions(rp)
    const response = authenticator.authenticate(options, { rpId: rp.id, origin: rp.origin })
    expect(signedChallenge(response)).toBe(options.challenge)
    expect(await verifyAuthentication(response, options.challenge, rp, credential)).toBe(1)
  })

  it('refuses an answer made for another origin', async () => {
    const authenticator = softwareAuthenticator()
    const options = await registrationOptions(rp, person, [])
    const response = authenticator.register(options, { rpId: rp.id, origin: 'http://evil.localhost:5225' })
    await expect(verifyRegistration(response, options.challenge, rp)).rejects.toMatchObject({ status: 401 })
  })

  it('refuses a counter that went backwards, as a cloned key would show', async () => {
    const { authenticator, credential } = await registered()
    const options = await authenticationOptions(rp)
    const response = authenticator.authenticate(options, { rpId: rp.id, origin: rp.origin }, 3)
    await expect(
      verifyAuthentication(response, options.challenge, rp, { ...credential, counter: 5 }),
    ).rejects.toMatchObject({ status: 401 })
  })

  it('refuses an answer to another challenge', async () => {
    const { authenticator, credential } = await registered()
    const options = await authenticationOptions(rp)
    const response = authenticator.authenticate(options, { rpId: rp.id, origin: rp.origin })
    const other = await authenticationOptions(rp)
    await expect(verifyAuthentication(response, other.challenge, rp, credential)).rejects.toMatchObject({
      status: 401,
    })
  })
})
