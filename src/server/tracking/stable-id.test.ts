import { describe, expect, it } from 'vitest'
import { stableUuid } from './stable-id'

describe('stableUuid', () => {
  // the ids stored by every earlier seed and mirror: a change here would orphan their rows
  it('gives the ids it always gave', () => {
    expect(stableUuid('shipment', 42, 'container')).toBe('df6901a2-8099-5539-bab2-24645a61ffc8')
    expect(stableUuid('vessel', 'EVER GIVEN')).toBe('dcabba0b-9167-5338-a71c-15a97f1a5571')
    expect(stableUuid('')).toBe('da39a3ee-5e6b-5b0d-b255-bfef95601890')
  })

  it('is shaped as a version 5 UUID of the RFC 4122 variant', () => {
    for (let i = 0; i < 200; i++)
      expect(stableUuid('container', i)).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      )
  })
})
