import { ApiError } from '../../api/api-error'

const GONE: Record<string, string> = {
  invitation_used:
    'This invitation has already been accepted. Sign in with the email and password chosen then.',
  invitation_expired:
    'This invitation has expired: invitations last 7 days. Ask whoever invited you for a new one.',
  invitation_revoked: 'This invitation was withdrawn. Ask an admin of the account if you still need access.',
  password_reset_used:
    'This reset link has already been used. Ask an admin for a new one if you still need it.',
  password_reset_expired: 'This reset link has expired: reset links last 1 hour. Ask an admin for a new one.',
  password_reset_revoked: 'This reset link was withdrawn. Ask an admin for a new one if you still need it.',
}

/** Why a link from an invitation or a reset cannot be used, in words; undefined for other failures. */
export function linkProblem(error: unknown, kind: 'invitation' | 'reset'): string | undefined {
  if (!(error instanceof ApiError)) return undefined
  const what = kind === 'invitation' ? 'invitation' : 'reset link'
  if (error.status === 404)
    return `This ${what} is not known. Check that the whole link was copied, or ask for a new one.`
  if (error.status !== 410) return undefined
  return (
    GONE[error.code ?? ''] ??
    error.problems[0]?.detail ??
    `This ${what} can no longer be used. Ask for a new one.`
  )
}
