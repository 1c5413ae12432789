import { z } from 'zod/mini'
import { ROLES } from './roles'

const MapTilesSchema = z.looseObject({ url: z.string(), attribution: z.string() })
export type MapTiles = z.infer<typeof MapTilesSchema>

const SessionUserSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.catch(z.enum(ROLES), 'viewer'),
  time_zone: z.nullish(z.string()),
})
export type SessionUser = z.infer<typeof SessionUserSchema>

/** A public demo is read-only for its visitors. A key-only sign-in has no user. */
export const SessionSchema = z.looseObject({
  signedIn: z.boolean(),
  mapTiles: z.optional(z.catch(z.nullable(MapTilesSchema), null)),
  demo: z._default(z.boolean(), false),
  access: z._default(z.catch(z.enum(['read-write', 'read-only']), 'read-write'), 'read-write'),
  user: z.optional(z.catch(z.nullable(SessionUserSchema), null)),
  /** An admin's read-only "View as": whom the dashboard is showing. */
  viewingAs: z.optional(z.catch(z.nullable(SessionUserSchema), null)),
})
export type Session = z.infer<typeof SessionSchema>

/** The server keeps the key and gives the browser only a cookie. */
export const SignInSchema = z.object({
  apiKey: z
    .string()
    .check(
      z.trim(),
      z.minLength(8),
      z.maxLength(200),
      z.regex(/^[\x21-\x7e]*$/, 'An API key uses printable ASCII characters, with no spaces'),
    ),
})
export type SignIn = z.input<typeof SignInSchema>
