import { describe, expect, it } from 'vitest'
import { returnPath } from './return-path'

describe('returnPath', () => {
  it('goes back to the OAuth authorization endpoint with its query', () => {
    expect(returnPath('/oauth/authorize?client_id=a&state=b')).toBe('/oauth/authorize?client_id=a&state=b')
  })

  it('never leaves this site or goes anywhere else', () => {
    for (const next of [
      null,
      '',
      '//evil.example/oauth/authorize?x',
      'https://evil.example/oauth/authorize?x',
      '/\\evil.example',
      '/shipments',
      'javascript:alert(1)',
      '/oauth/authorize?x#/../../',
      '/oauth/authorize?x\\@evil',
    ])
      expect(returnPath(next), String(next)).toBeUndefined()
  })
})
