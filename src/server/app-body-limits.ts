import type { Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { limitBodiesOnly } from './http/body-limits'
import { problem } from './http/problem'
import { MAX_MESSAGE_BYTES } from './http/request-form'

const limitBody = bodyLimit({ maxSize: 1024 * 1024 })
const limitUpload = bodyLimit({
  maxSize: 20 * 1024 * 1024,
  onError: () => {
    throw problem(413, { detail: 'A document is at most 20 MB', code: 'payload_too_large' })
  },
})
const limitMessage = bodyLimit({
  maxSize: MAX_MESSAGE_BYTES,
  onError: () => {
    throw problem(413, { detail: 'An email is at most 25 MB', code: 'payload_too_large' })
  },
})
const isPost = (c: Context, path: string) => c.req.method === 'POST' && c.req.path === path
/** Bodies are counted while they stream in. */
export const serviceBodyLimits = limitBodiesOnly((c) =>
  isPost(c, '/v2/documents') ? limitUpload : isPost(c, '/v2/email_submissions') ? limitMessage : limitBody,
)
