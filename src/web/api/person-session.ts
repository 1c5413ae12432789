import { z } from 'zod/mini'
import { SessionSchema } from '../../contract/session'
import { sessionApi } from './session'

const InvitationPreviewSchema = z.looseObject({
  email: z.string(),
  role: z.string(),
  account_name: z.nullish(z.string()),
  first_name: z.nullish(z.string()),
  last_name: z.nullish(z.string()),
  invited_by_name: z.nullish(z.string()),
  expires_at: z.nullish(z.string()),
})
export type InvitationPreview = z.infer<typeof InvitationPreviewSchema>
const ResetPreviewSchema = z.looseObject({ email: z.string() })

type Accept = { first_name: string; last_name?: string; password?: string; time_zone?: string }
const token = (value: string) => encodeURIComponent(value)

/** The gateway's calls for people, kept apart so the first page does not carry them. */
export const personSession = {
  signIn: (email: string, password: string) =>
    sessionApi.post('/session', { email, password }, SessionSchema),
  invitation: (value: string) =>
    sessionApi.get(`/session/invitations/${token(value)}`, InvitationPreviewSchema),
  acceptInvitation: (value: string, body: Accept) =>
    sessionApi.post(`/session/invitations/${token(value)}`, body, SessionSchema),
  passwordReset: (value: string) =>
    sessionApi.get(`/session/password-resets/${token(value)}`, ResetPreviewSchema),
  resetPassword: (value: string, password: string) =>
    sessionApi.post(`/session/password-resets/${token(value)}`, { password }, SessionSchema),
  changePassword: (body: { current_password?: string; new_password: string }) =>
    sessionApi.post('/session/password', body, z.unknown()),
  viewAs: (userId: string) => sessionApi.post('/session/view-as', { user_id: userId }, SessionSchema),
  stopViewing: () => sessionApi.delete('/session/view-as'),
}
