import { z } from 'zod/mini'

/**
 * GET and POST /session on the dashboard's server: whether this browser is signed in, with the demo
 * account, and whether it may make changes (a public demo is read-only for its visitors).
 */
/** Tiles to draw over the offline basemap, when the server is configured with them; `{z}/{x}/{y}` URL template. */
const MapTilesSchema = z.looseObject({ url: z.string(), attribution: z.string() })
export type MapTiles = z.infer<typeof MapTilesSchema>

export const SessionSchema = z.looseObject({
  signedIn: z.boolean(),
  mapTiles: z.optional(z.catch(z.nullable(MapTilesSchema), null)),
  demo: z._default(z.boolean(), false),
  access: z._default(z.catch(z.enum(['read-write', 'read-only']), 'read-write'), 'read-write'),
})
export type Session = z.infer<typeof SessionSchema>

/** POST /session: the API key to sign in with; the server keeps it and gives the browser only a cookie. */
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
