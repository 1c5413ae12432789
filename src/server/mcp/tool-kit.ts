import type { CallToolResult, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js'
import { ApiRefusal } from './api-client'

/** Refused in words a person can act on; the assistant sees `isError`, never a protocol failure. */
export class ToolRefusal extends Error {}

export const READ_ONLY: ToolAnnotations = { readOnlyHint: true, openWorldHint: false }
export const WRITES: ToolAnnotations = {
  readOnlyHint: false,
  destructiveHint: false,
  idempotentHint: false,
  openWorldHint: false,
}

export const answer = (text: string, structured: Record<string, unknown>): CallToolResult => ({
  content: [{ type: 'text', text }],
  structuredContent: structured,
})

const refusal = (text: string): CallToolResult => ({
  isError: true,
  content: [{ type: 'text', text }],
  structuredContent: { error: text },
})

/** What the API said, in words that say what to do next. */
function refusalWords(error: ApiRefusal) {
  if (error.status === 401) return 'The API key was not accepted. Check QUAYSIDE_API_KEY or sign in again.'
  if (error.status === 403)
    return `Not allowed: ${error.detail}. Ask an owner of the account for a key or role that can make changes.`
  if (error.status === 404) return `Not found in this account: ${error.detail}.`
  if (error.status === 429) return 'Too many requests for this key: wait a minute and try again.'
  return `The API refused: ${error.detail}`
}

type Handler<A> = (args: A) => Promise<CallToolResult>

/** Refusals become tool errors; anything else is the SDK's to report. */
export const guarded =
  <A>(handler: Handler<A>): Handler<A> =>
  async (args) => {
    try {
      return await handler(args)
    } catch (error) {
      if (error instanceof ToolRefusal) return refusal(error.message)
      if (error instanceof ApiRefusal) return refusal(refusalWords(error))
      throw error
    }
  }
