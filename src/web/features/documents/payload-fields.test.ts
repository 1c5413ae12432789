import { describe, expect, it } from 'vitest'
import { type CorrectionValues, correctionsToSend, formValues, placeOf, readPayload } from './payload-fields'

const payload = readPayload({
  document_type: 'arrival_notice',
  bill_of_lading_number: 'MAEU123456789',
  container_numbers: ['MSKU1234565'],
  last_free_day: '2026-11-28',
  eta: null,
  values: [
    {
      field: 'last_free_day',
      value: '2026-11-28',
      page: 1,
      start: 10,
      end: 20,
      text: '28 Nov 2026',
      confidence: 0.9,
    },
    {
      field: 'last_free_day',
      value: '2026-11-30',
      page: 2,
      start: 5,
      end: 15,
      text: '30 Nov 2026',
      confidence: 0.6,
    },
  ],
})

describe('document corrections', () => {
  const before = formValues(payload, null)

  it('starts from what the document shows, with empty fields for what was not read', () => {
    expect(before).toMatchObject({
      bill_of_lading_number: 'MAEU123456789',
      container_numbers: ['MSKU1234565'],
      last_free_day: '2026-11-28',
      eta: '',
      document_type_manual: '',
    })
  })

  it('sends only what changed, emptied corrections as null, and never an empty value', () => {
    const after: CorrectionValues = {
      ...before,
      last_free_day: '2026-12-01',
      vessel_name: ' EVER GIVEN ',
      bill_of_lading_number: '',
      eta: '',
      container_numbers: ['msku1234565', 'TGHU7654321'],
    }
    expect(correctionsToSend(before, after, ['bill_of_lading_number'])).toEqual({
      last_free_day: '2026-12-01',
      vessel_name: 'EVER GIVEN',
      bill_of_lading_number: null,
      container_numbers: ['MSKU1234565', 'TGHU7654321'],
    })
    expect(correctionsToSend(before, { ...before, bill_of_lading_number: '' }, [])).toEqual({})
  })

  it('points at the reading whose value is shown, else the likeliest', () => {
    expect(placeOf(payload!.values!, 'last_free_day', '2026-11-30')?.page).toBe(2)
    expect(placeOf(payload!.values!, 'last_free_day', '2027-01-01')?.page).toBe(1)
    expect(placeOf(payload!.values!, 'eta')).toBeUndefined()
  })

  it('reads a payload that does not fit the contract as nothing, not a crash', () => {
    expect(readPayload({ values: 'nope' })).toBeUndefined()
  })
})
