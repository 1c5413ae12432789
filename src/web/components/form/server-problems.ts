import { ApiError } from '../../api/api-error'

export type ServerProblems = { fields: Record<string, string>; general: string[] }

/** Anything that is not an API error is a general problem. */
export function serverProblems(error: unknown, fields: readonly string[]): ServerProblems {
  const result: ServerProblems = { fields: {}, general: [] }
  if (!(error instanceof ApiError)) {
    result.general.push(error instanceof Error ? error.message : String(error))
    return result
  }
  for (const problem of error.problems) {
    const text = problem.detail ?? problem.title
    const field = problem.pointer?.split('/').find((segment) => fields.includes(segment))
    if (field && !result.fields[field]) result.fields[field] = text
    else result.general.push(text)
  }
  return result
}
