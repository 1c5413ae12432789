import { z } from 'zod/mini'

const PasskeySchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.nullish(z.string()),
})
export type Passkey = z.infer<typeof PasskeySchema>

export const PasskeyListSchema = z.looseObject({ data: z.array(PasskeySchema) })

/** What the browser's WebAuthn call answered; the server's library reads it. */
const credentialResponse = z.looseObject({
  id: z.string().check(z.minLength(1), z.maxLength(1024)),
  response: z.looseObject({ clientDataJSON: z.string().check(z.maxLength(4096)) }),
})

export const PasskeyRegistrationSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'Name the passkey'), z.maxLength(100)),
  response: credentialResponse,
})

export const PasskeyAuthenticationSchema = z.object({ response: credentialResponse })

export const ViewAsSchema = z.object({ user_id: z.uuid() })
