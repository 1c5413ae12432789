import { describe, expect, it } from 'vitest'
import { ApiError, NetworkError } from '../../api/api-error'
import { serverProblems } from './server-problems'

const unprocessable = (...problems: { pointer?: string; detail: string }[]) =>
  new ApiError(
    422,
    problems.map((p) => ({ title: 'Unprocessable Entity', ...p })),
    'POST /v2/tracking_requests',
  )

describe('server problems on a form', () => {
  it('puts each 422 on the field its pointer names, however deep', () => {
    const error = unprocessable(
      { pointer: '/data/attributes/request_number', detail: 'MAEU1 is already being tracked with MAEU' },
      { pointer: '/data/attributes/ref_numbers/2', detail: 'Too long' },
      { pointer: '/apiKey', detail: 'That API key was not accepted' },
    )
    expect(serverProblems(error, ['request_number', 'ref_numbers', 'apiKey'])).toEqual({
      fields: {
        request_number: 'MAEU1 is already being tracked with MAEU',
        ref_numbers: 'Too long',
        apiKey: 'That API key was not accepted',
      },
      general: [],
    })
  })

  it('shows a problem about no field of the form, or no pointer, above the form', () => {
    const error = unprocessable(
      { pointer: '/data/relationships/customer/data/id', detail: 'There is no customer with id 7' },
      { detail: 'Something else' },
    )
    expect(serverProblems(error, ['request_number'])).toEqual({
      fields: {},
      general: ['There is no customer with id 7', 'Something else'],
    })
  })

  it('shows a failure that never reached the server in its own words', () => {
    expect(serverProblems(new NetworkError('POST /v2/x'), ['a']).general[0]).toMatch(
      /Couldn't reach the server/,
    )
  })
})
