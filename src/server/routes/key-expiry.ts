import type { Caller } from '../http/auth'
import type { Storage } from '../storage/storage'

/** A key made with a personal key lives no longer than it: a short-lived key cannot mint a lasting one. */
export async function cappedExpiry(storage: Storage, caller: Caller, wanted: Date | undefined) {
  if (!caller.userId) return wanted
  const own = { userId: caller.userId, everyPerson: false, accountKeys: false }
  const maker = await storage.personalKeys.get(caller.accountId, caller.keyId, own)
  const limit = maker?.expires_at
  if (!limit) return wanted
  return wanted && wanted.getTime() < limit.getTime() ? wanted : limit
}
