import { z } from 'zod/mini'

/** GET and POST /session on the dashboard's server: whether this browser is signed in, and with the demo key. */
export const SessionSchema = z.looseObject({ signedIn: z.boolean(), demo: z._default(z.boolean(), false) })
export type Session = z.infer<typeof SessionSchema>

/** POST /session: the API key to sign in with; the server keeps it and gives the browser only a cookie. */
export const SignInSchema = z.object({
  apiKey: z.string().check(z.trim(), z.minLength(8), z.maxLength(200)),
})
export type SignIn = z.input<typeof SignInSchema>
