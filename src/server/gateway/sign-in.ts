import type { Context } from 'hono'
import { SignInSchema } from '../../contract/session'
import { problem } from '../http/problem'
import type { AttemptLimits } from './attempt-limits'
import type { GatewayEnv } from './client-facts'

/** A refusal counts as a failure. */
export async function acceptedKey(
  c: Context<GatewayEnv>,
  json: unknown,
  probe: (c: Context, apiKey: string) => Promise<number>,
  limits: AttemptLimits,
) {
  const parsed = SignInSchema.safeParse(json)
  if (!parsed.success) {
    const issue = parsed.error.issues.find((i) => i.path[0] === 'apiKey' && i.code !== 'invalid_type')
    throw problem(422, { detail: issue?.message ?? 'Enter an API key', pointer: '/apiKey', code: 'invalid' })
  }
  const apiKey = parsed.data.apiKey
  const status = await probe(c, apiKey)
  if (status === 401 || status === 403) {
    limits.recordFailure(c.var.client.address)
    throw problem(401, { detail: 'That API key was not accepted', pointer: '/apiKey', code: 'unauthorized' })
  }
  if (status < 200 || status >= 300)
    throw problem(502, { detail: `The tracking service answered ${status}`, title: 'Bad Gateway' })
  return apiKey
}
