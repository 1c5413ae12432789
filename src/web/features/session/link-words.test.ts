import { describe, expect, it } from 'vitest'
import { ApiError } from '../../api/api-error'
import { linkProblem } from './link-words'

const gone = (code: string) =>
  new ApiError(410, [{ title: 'Gone', detail: 'The server’s words', code }], 'GET x')

describe('a link that cannot be used', () => {
  it('says why in words, by the code the gateway gives', () => {
    expect(linkProblem(gone('invitation_used'), 'invitation')).toMatch(
      /^This invitation has already been accepted/,
    )
    expect(linkProblem(gone('invitation_expired'), 'invitation')).toMatch(/invitations last 7 days/)
    expect(linkProblem(gone('invitation_revoked'), 'invitation')).toMatch(/^This invitation was withdrawn/)
    expect(linkProblem(gone('password_reset_expired'), 'reset')).toMatch(/reset links last 1 hour/)
    expect(linkProblem(gone('password_reset_used'), 'reset')).toMatch(/already been used/)
    expect(linkProblem(gone('something_new'), 'reset')).toBe('The server’s words')
  })

  it('tells a link nobody made from other failures, which are left to the error page', () => {
    expect(linkProblem(new ApiError(404, [{ title: 'Not Found' }], 'GET x'), 'reset')).toBe(
      'This reset link is not known. Check that the whole link was copied, or ask for a new one.',
    )
    expect(linkProblem(new ApiError(500, [{ title: 'Oops' }], 'GET x'), 'invitation')).toBeUndefined()
  })
})
