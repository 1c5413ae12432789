import { Problem, problem } from '../http/problem'

/**
 * A refusal made before the request body is read: it also closes the connection, so a keep-alive client
 * never sends its next request after an unread body, or waits on a socket the server is about to drop.
 */
export const earlyRefusal = (
  status: number,
  detail: { detail: string; code: string; pointer?: string },
  headers: Record<string, string> = {},
) => {
  const { errors } = problem(status, detail)
  return new Problem(status, errors, { Connection: 'close', ...headers })
}
