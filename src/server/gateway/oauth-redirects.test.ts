import { describe, expect, it } from 'vitest'
import { redirectTarget, redirectUriProblem, redirectWith } from './oauth-redirects'

describe('redirectUriProblem', () => {
  it('accepts https anywhere, http on loopback, and a desktop app’s own scheme', () => {
    for (const uri of [
      'https://claude.ai/api/mcp/auth_callback',
      'http://127.0.0.1:33418/callback',
      'http://localhost:6274/oauth/callback',
      'http://[::1]:8080/cb',
      'cursor://anysphere.cursor-retrieval/oauth/callback',
      'com.example.app:/oauth2redirect',
    ])
      expect(redirectUriProblem(uri), uri).toBeUndefined()
  })

  it('refuses scripts, data, fragments, credentials and http off loopback', () => {
    for (const uri of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox',
      'file:///etc/passwd',
      'https://app.example/cb#x',
      'https://user:pass@app.example/cb',
      'http://app.example/cb',
      'http://127.0.0.1.evil.example/cb',
      'relative/path',
      '',
      42,
      `https://app.example/${'a'.repeat(2000)}`,
    ])
      expect(redirectUriProblem(uri), String(uri)).toBeDefined()
  })
})

describe('redirectTarget and redirectWith', () => {
  it('names the host, or the scheme, the consent form may be sent on to', () => {
    expect(redirectTarget('http://127.0.0.1:9/cb')).toEqual({
      shown: '127.0.0.1:9',
      source: 'http://127.0.0.1:9',
    })
    expect(redirectTarget('cursor://anysphere/cb')).toEqual({
      shown: 'cursor://anysphere',
      source: 'cursor:',
    })
  })

  it('keeps the registered query and adds the answer', () => {
    expect(redirectWith('https://a.example/cb?x=1', { code: 'c d', state: undefined })).toBe(
      'https://a.example/cb?x=1&code=c+d',
    )
  })
})
