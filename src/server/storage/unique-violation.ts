/** pg and PGlite both carry the SQLSTATE as `code`, pg sometimes on the driver error's `cause`. */
export function isUniqueViolation(error: unknown, constraint?: string) {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown }
    if (candidate.code === '23505') return constraint === undefined || candidate.constraint === constraint
    current = candidate.cause
  }
  return false
}
