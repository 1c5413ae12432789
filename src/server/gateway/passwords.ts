import { hash, verify } from '@node-rs/argon2'

/** argon2id with the library's defaults (19 MiB, 2 passes: OWASP's floor), on libuv's pool, off the event loop. */
export const hashPassword = (password: string) => hash(password)

let dummy: Promise<string> | undefined

/**
 * Verifies against a hash made once for nobody when the person is unknown or has no password, so an
 * unknown email takes as long to refuse as a wrong password.
 */
export async function passwordMatches(passwordHash: string | null | undefined, password: string) {
  dummy ??= hash('no person has this password')
  const against = passwordHash ?? (await dummy)
  const matches = await verify(against, password).catch(() => false)
  return matches && passwordHash != null
}
