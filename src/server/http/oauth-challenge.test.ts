import { describe, expect, it } from 'vitest'
import { bearerChallenge } from './oauth-challenge'

describe('the protected resource challenge', () => {
  it('points a client at the protected resource metadata, saying when its token was refused', () => {
    expect(bearerChallenge('https://quay.example')).toBe(
      'Bearer resource_metadata="https://quay.example/.well-known/oauth-protected-resource"',
    )
    expect(bearerChallenge('https://quay.example', 'invalid_token')).toBe(
      'Bearer resource_metadata="https://quay.example/.well-known/oauth-protected-resource", error="invalid_token"',
    )
  })
})
