import { iso } from '../storage/iso-time'
import type { ShownUser } from '../storage/user-store'

/** Terminal49's user resource, with who may sign in and how; never the password hash. */
export const renderUser = ({ user, party_name, passkey_count }: ShownUser) => ({
  type: 'user' as const,
  id: user.id,
  attributes: {
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    role: user.role,
    time_zone: user.time_zone,
    party_id: user.party_id,
    party_name,
    has_password: user.password_hash !== null,
    passkey_count,
    created_at: iso(user.created_at),
    last_signed_in_at: iso(user.last_signed_in_at),
  },
})

/** What the audit trail keeps of a person: never a password, hash or token. */
export const auditedUser = ({ user }: Pick<ShownUser, 'user'>) => ({
  first_name: user.first_name,
  last_name: user.last_name,
  email: user.email,
  role: user.role,
  time_zone: user.time_zone,
  party_id: user.party_id,
})
