import { describe, expect, it } from 'vitest'
import { validateCustomFieldValue } from './validate-value'

const options = [
  { value: 'high', label: 'High' },
  { value: 'low', label: 'Low' },
]
const check = (data_type: string, value: unknown) =>
  validateCustomFieldValue({ data_type, display_name: 'Priority' }, options, value)

describe('custom field values', () => {
  it.each([
    ['short_text', 'Hold for inspection', 'Hold for inspection'],
    ['number', '1250.5', '1,250.5'],
    ['date', '2026-03-14', '2026-03-14'],
    ['boolean', true, 'Yes'],
    ['enum', 'high', 'High'],
    ['enum_multi', ['high', 'low'], 'High, Low'],
    ['reference', 'a1b2', 'a1b2'],
  ])('accepts a %s and shows it as people read it', (type, value, display) => {
    expect(check(type, value)).toMatchObject({ ok: true, display })
  })

  it.each([
    ['number', 'lots', 'takes a number'],
    ['date', '2026-02-30', 'YYYY-MM-DD'],
    ['datetime', 'tomorrow', 'ISO 8601'],
    ['boolean', 'yes', 'true or false'],
    ['enum', 'medium', 'must be one of: high, low'],
    ['enum_multi', ['high', 'urgent'], 'urgent is not an option of Priority'],
    ['short_text', 'x'.repeat(256), 'at most 255'],
    ['datetime', '2026-02-30T10:00:00Z', 'ISO 8601'],
    ['datetime', '2026-02-28T24:00:00Z', 'ISO 8601'],
    ['datetime', '2026-03-14T09:30:00', 'ISO 8601'],
    ['datetime', '2026-03-14', 'ISO 8601'],
  ])('refuses a bad %s with a detail a person understands', (type, value, words) => {
    const result = check(type, value)
    expect(result.ok).toBe(false)
    expect(!result.ok && result.detail).toContain(words)
  })

  it.each([
    ['2026-02-28T10:00:00Z', '2026-02-28T10:00:00.000Z'],
    ['2028-02-29T23:59:59.5+01:00', '2028-02-29T22:59:59.500Z'],
    ['2026-03-14T09:30-05:00', '2026-03-14T14:30:00.000Z'],
  ])('keeps the datetime %s as the instant it names', (value, stored) => {
    expect(check('datetime', value)).toMatchObject({ ok: true, value: stored })
  })

  it('clears a field with null', () => {
    expect(check('number', null)).toEqual({ ok: true, value: null, display: null })
  })
})
