import { describe, expect, it } from 'vitest'
import { secretBox } from './secret-box'

describe('the secret box', () => {
  it('opens what it sealed, and seals the same secret differently each time', () => {
    const box = secretBox('the server secret')
    const sealed = box.seal('whsec_upstream')
    expect(sealed).not.toContain('whsec_upstream')
    expect(box.seal('whsec_upstream')).not.toBe(sealed)
    expect(box.open(sealed)).toBe('whsec_upstream')
  })

  it('opens nothing sealed under another key, or changed after sealing', () => {
    const sealed = secretBox('the server secret').seal('k')
    expect(secretBox('another secret').open(sealed)).toBeUndefined()
    const [version, iv, tag, body] = sealed.split('.')
    const flipped = `${body[0] === 'A' ? 'B' : 'A'}${body.slice(1)}`
    expect(secretBox('the server secret').open([version, iv, tag, flipped].join('.'))).toBeUndefined()
    expect(secretBox('the server secret').open('not sealed at all')).toBeUndefined()
  })
})
