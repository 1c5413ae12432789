import { describe, expect, it } from 'vitest'
import {
  containerCheckDigit,
  isValidContainerNumber,
  likelyContainerNumbers,
  normalizeContainerNumber,
} from './container-number'

describe('ISO 6346 container numbers', () => {
  it('accepts real container numbers and rejects a wrong digit', () => {
    expect(isValidContainerNumber('CSQU3054383')).toBe(true)
    expect(isValidContainerNumber('MSKU9070323')).toBe(true)
    expect(isValidContainerNumber('CSQU3054384')).toBe(false)
    expect(containerCheckDigit('CSQU305438')).toBe(3)
  })

  it('reads a number typed with spaces, dashes and lower case', () => {
    expect(normalizeContainerNumber(' cs qu-305438.3 ')).toBe('CSQU3054383')
  })

  it('suggests the swap of two neighbouring digits first, then the corrected check digit', () => {
    // CSQU3054383 with 5 and 4 swapped
    const suggestions = likelyContainerNumbers('CSQU3045383')
    expect(suggestions).toEqual(['CSQU3054383', 'CSQU3045381'])
    expect(containerCheckDigit('CSQU304538')).toBe(1)
    expect(suggestions.every(isValidContainerNumber)).toBe(true)
  })

  it('suggests nothing for a valid number or something that is not a container number', () => {
    expect(likelyContainerNumbers('CSQU3054383')).toEqual([])
    expect(likelyContainerNumbers('MAEU123456789')).toEqual([])
  })
})
