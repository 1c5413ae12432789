import type { z } from 'zod/mini'
import { ErrorDocumentSchema } from '../../contract/document'

export type ApiProblem = {
  title: string
  detail?: string
  pointer?: string
  parameter?: string
  code?: string
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly problems: ApiProblem[],
    readonly path: string,
    /** Seconds, from a 429's Retry-After. */
    readonly retryAfter?: number,
  ) {
    super(
      problems.map((p) => (p.detail ? `${p.title}: ${p.detail}` : p.title)).join('; ') ||
        `Request failed (${status})`,
    )
    this.name = 'ApiError'
  }

  /** The server's code for the first problem, such as `role_forbidden`. */
  get code() {
    return this.problems[0]?.code
  }

  static fieldOf(problem: ApiProblem) {
    return problem.pointer?.split('/').filter(Boolean).at(-1) ?? problem.parameter
  }

  static async fromResponse(response: Response, path: string) {
    let problems: ApiProblem[] = []
    try {
      const parsed = ErrorDocumentSchema.safeParse(await response.json())
      if (parsed.success)
        problems = parsed.data.errors.map((error) => ({
          title: error.title ?? response.statusText ?? 'Error',
          detail: error.detail ?? undefined,
          pointer: error.source?.pointer ?? undefined,
          parameter: error.source?.parameter ?? undefined,
          code: error.code ?? undefined,
        }))
    } catch {}
    if (problems.length === 0)
      problems = [
        { title: response.statusText || `The server answered ${response.status}`, detail: undefined },
      ]
    const retryAfter = Number(response.headers.get('Retry-After') ?? Number.NaN)
    return new ApiError(response.status, problems, path, Number.isFinite(retryAfter) ? retryAfter : undefined)
  }
}

const ROLE_CODES = new Set(['role_forbidden', 'view_as_read_only'])

/** The server's words for a refusal by role (or by View as), if that is what this is. */
export const roleRefusal = (error: unknown) =>
  error instanceof ApiError && error.status === 403 && ROLE_CODES.has(error.code ?? '')
    ? error.problems[0]?.detail
    : undefined

export class ResponseShapeError extends Error {
  constructor(
    readonly path: string,
    readonly issues: z.core.$ZodIssue[],
  ) {
    const first = issues[0]
    const field = first?.path
      .map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`))
      .join('')
      .replace(/^\./, '')
    // zod mini loads no messages in the browser
    const problem = first?.code === 'invalid_type' ? `expected ${first.expected}` : first?.message
    super(
      `${path} returned data that doesn't match what Quayside expects: ${field || 'the document'}: ${problem ?? 'unexpected shape'}`,
    )
    this.name = 'ResponseShapeError'
  }
}

export class NetworkError extends Error {
  constructor(readonly path: string) {
    super(`Couldn't reach the server for ${path}. Check your connection and try again.`)
    this.name = 'NetworkError'
  }
}
