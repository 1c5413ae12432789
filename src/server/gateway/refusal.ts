import { Problem, problem } from '../http/problem'

/** Also closes the connection, so a keep-alive client never sends its next request after an unread body. */
export const earlyRefusal = (
  status: number,
  detail: { detail: string; code: string; pointer?: string },
  headers: Record<string, string> = {},
) => {
  const { errors } = problem(status, detail)
  return new Problem(status, errors, { Connection: 'close', ...headers })
}
