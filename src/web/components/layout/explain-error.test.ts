import { describe, expect, it } from 'vitest'
import { ApiError, NetworkError, ResponseShapeError } from '../../api/api-error'
import { explain } from './explain-error'

describe('explain', () => {
  it('gives an API error its title, each detail and the field it is about', () => {
    const error = new ApiError(
      422,
      [{ title: 'Unprocessable Entity', detail: 'is taken', pointer: '/data/attributes/request_number' }],
      'POST /v2/tracking_requests',
    )
    expect(explain(error)).toEqual({
      title: 'The server said: Unprocessable Entity',
      details: [{ text: 'is taken', field: 'request_number' }],
    })
    expect(explain(new ApiError(503, [{ title: 'Service Unavailable' }], 'GET /v2/x')).title).toBe(
      'The server had a problem (503): Service Unavailable',
    )
  })

  it('says when an answer could not be read or the server could not be reached', () => {
    expect(explain(new ResponseShapeError('GET /v2/x', [])).title).toBe(
      "The server's answer could not be read",
    )
    expect(explain(new NetworkError('GET /v2/x')).title).toBe("Couldn't reach the server")
    expect(explain('odd')).toEqual({ title: 'Something went wrong', details: [] })
  })
})

describe('a page whose code did not arrive', () => {
  it('says so and that Retry reloads, in Chromium, Safari and Firefox words', () => {
    for (const message of [
      'Failed to fetch dynamically imported module: http://x/assets/a.js',
      'Importing a module script failed.',
      'error loading dynamically imported module',
    ])
      expect(explain(new TypeError(message)).title).toBe("This page couldn't load")
  })
})

describe("a role's refusal", () => {
  it('is told in the words the server chose', () => {
    const refused = new ApiError(
      403,
      [
        {
          title: 'Forbidden',
          detail: 'This needs an admin or above; you are an operator',
          code: 'role_forbidden',
        },
      ],
      'POST /v2/webhooks',
    )
    expect(explain(refused)).toEqual({
      title: 'This needs an admin or above; you are an operator',
      details: [],
    })
    const other = new ApiError(403, [{ title: 'Forbidden', detail: 'nope', code: 'other' }], 'GET /v2/x')
    expect(explain(other).title).toBe("You don't have access to this")
  })
})
