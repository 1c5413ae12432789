import { ApiError, NetworkError, ResponseShapeError, roleRefusal } from '../../api/api-error'

export type Explained = { title: string; details: { text: string; field?: string }[] }

export const isChunkLoadError = (error: unknown) =>
  error instanceof TypeError &&
  /dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(
    error.message,
  )

export function explain(error: unknown): Explained {
  // a role's refusal says in words which role it takes; that sentence is the title
  const refusal = roleRefusal(error)
  if (refusal) return { title: refusal, details: [] }
  if (error instanceof ApiError) {
    const title =
      error.status === 404
        ? 'Not found'
        : error.status === 401
          ? 'Please sign in again'
          : error.status === 403
            ? "You don't have access to this"
            : error.status >= 500
              ? `The server had a problem (${error.status}): ${error.problems[0]?.title}`
              : `The server said: ${error.problems[0]?.title}`
    return {
      title,
      details: error.problems.map((p) => ({ text: p.detail ?? p.title, field: ApiError.fieldOf(p) })),
    }
  }
  if (error instanceof ResponseShapeError)
    return { title: "The server's answer could not be read", details: [{ text: error.message }] }
  if (error instanceof NetworkError)
    return { title: "Couldn't reach the server", details: [{ text: error.message }] }
  if (isChunkLoadError(error))
    return {
      title: "This page couldn't load",
      details: [{ text: 'Its code did not arrive: check your connection. Retry reloads the page.' }],
    }
  return { title: 'Something went wrong', details: error instanceof Error ? [{ text: error.message }] : [] }
}
