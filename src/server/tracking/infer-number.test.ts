import { describe, expect, it } from 'vitest'
import { CARRIERS } from '../demo/carriers'
import type { ShippingLine } from '../storage/reference-store'
import { inferNumber } from './infer-number'

const lines: ShippingLine[] = CARRIERS.map((c, i) => ({
  id: String(i),
  alternative_scacs: [],
  tracking_url: null,
  contact_url: null,
  detention_tariffs: null,
  ...c,
}))

describe('inferNumber', () => {
  it('auto-selects the line of a container number whose check digit passes', () => {
    const result = inferNumber('mrku 3700927', lines)
    expect(result.number_type).toBe('container')
    expect(result.validation.check_digit_passed).toBe(true)
    expect(result.shipping_line).toMatchObject({
      decision: 'auto_select',
      selected: { scac: 'MAEU', confidence: 1 },
    })
  })

  it('flags a container number with a wrong check digit and asks for confirmation', () => {
    const result = inferNumber('MRKU3700928', lines)
    expect(result.validation).toMatchObject({ is_valid: false, check_digit_passed: false })
    expect(result.validation.reason).toContain('should be 7')
    expect(result.shipping_line.decision).toBe('needs_confirmation')
  })

  it('recognises a bill of lading by its line prefix', () => {
    const result = inferNumber('MEDU123456789', lines)
    expect(result.number_type).toBe('bill_of_lading')
    expect(result.shipping_line).toMatchObject({ decision: 'auto_select', selected: { scac: 'MSCU' } })
  })

  it('makes no prediction for a number no line claims', () => {
    expect(inferNumber('QQQQ1234', lines).shipping_line).toMatchObject({
      decision: 'no_prediction',
      selected: null,
    })
  })
})
