import { randomBytes } from 'node:crypto'
import type { Role } from '../../src/contract/people'
import { users } from '../../src/server/storage/schema'
import type { Storage } from '../../src/server/storage/storage'

/** A person of the account with a personal key of that role, as POST /v2/api_keys makes one. */
export async function personWithKey(
  storage: Storage,
  accountId: string,
  role: Role,
  options: { partyId?: string; email?: string } = {},
) {
  const tag = randomBytes(6).toString('hex')
  const [user] = await storage.db
    .insert(users)
    .values({
      account_id: accountId,
      first_name: `Matrix ${role}`,
      email: options.email ?? `${role}-${tag}@matrix.example`,
      role,
      party_id: options.partyId ?? null,
    })
    .returning({ id: users.id })
  const token = `qsk_${tag}${randomBytes(24).toString('base64url')}`
  const keyId = await storage.personalKeys.create(
    accountId,
    { userId: user.id, name: `${role} key`, role },
    token,
  )
  return { userId: user.id, keyId, token }
}
