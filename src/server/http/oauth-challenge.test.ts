import { describe, expect, it } from 'vitest'
import { bearerChallenge, callerOf, challengeAnswer } from './oauth-challenge'

describe('the protected resource challenge', () => {
  it('points a client at the protected resource metadata, saying when its token was refused', () => {
    expect(bearerChallenge('https://quay.example')).toBe(
      'Bearer resource_metadata="https://quay.example/.well-known/oauth-protected-resource"',
    )
    expect(bearerChallenge('https://quay.example', 'invalid_token')).toBe(
      'Bearer resource_metadata="https://quay.example/.well-known/oauth-protected-resource", error="invalid_token"',
    )
  })

  it('answers 401 in the JSON:API envelope with the challenge', async () => {
    const answer = challengeAnswer('https://quay.example', false)
    expect(answer.status).toBe(401)
    expect(answer.headers.get('WWW-Authenticate')).toBe(bearerChallenge('https://quay.example'))
    expect((await answer.json()).errors[0]).toMatchObject({ status: '401', code: 'unauthorized' })
  })

  it('reads a Bearer or Token header, and nothing else, as the key to authenticate', async () => {
    const seen: string[] = []
    const authenticate = async (key: string) => {
      seen.push(key)
      return null
    }
    await callerOf('Bearer qso_abc', authenticate)
    await callerOf('Token qsk_def', authenticate)
    expect(await callerOf('Basic dXNlcjpwYXNz', authenticate)).toBeNull()
    expect(await callerOf(undefined, authenticate)).toBeNull()
    expect(seen).toEqual(['qso_abc', 'qsk_def'])
  })
})
