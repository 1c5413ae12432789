import { z } from 'zod/mini'
import { password } from '../../../contract/people'

export const PASSWORD_WORDS = 'Choose a password of at least 12 characters'
export const AGAIN_WORDS = 'Type the same password again'

/** A new password, typed twice so a slip of the finger does not lock its owner out. */
export const passwordTwice = { password, password_again: z.string() }
export const passwordsMatch = z.refine<{ password: string; password_again: string }>(
  (value) => value.password === value.password_again,
  { path: ['password_again'], message: AGAIN_WORDS },
)
