import { describe, expect, it } from 'vitest'
import { TrackingRequestAttributesSchema } from '../../../contract/tracking-requests'
import { issueWords } from './issue-words'

describe('issue words', () => {
  it('gives a field its own words for any problem, and never a schema message', () => {
    const result = TrackingRequestAttributesSchema.safeParse({
      request_type: 'bill_of_lading',
      request_number: '',
      scac: 'MSCU',
    })
    expect(result.success).toBe(false)
    const issue = result.error!.issues[0]
    expect(issueWords(issue, 'Number', 'Enter a bill of lading, booking or container number')).toBe(
      'Enter a bill of lading, booking or container number',
    )
    expect(issueWords(issue, 'Number')).toBe('Enter the number')
  })

  it('says what to do about a value that is too long or not an option', () => {
    expect(issueWords({ code: 'too_big', maximum: 10, origin: 'string' }, 'Carrier')).toBe(
      'Shorten this to 10 characters or fewer',
    )
    expect(issueWords({ code: 'invalid_value' }, 'Number type')).toBe('Choose one of the number type options')
    expect(issueWords('Already tracked', 'Number')).toBe('Already tracked')
  })
})
