/** A schema issue as zod (or any Standard Schema library) reports it, or a message already in words. */
type Issue =
  | string
  | { code?: string; message?: string; minimum?: unknown; maximum?: unknown; origin?: string }

/**
 * A field's problem in words a person acts on. The field's own `words` win (for a required number:
 * "Enter a bill of lading, booking or container number"); otherwise the issue's kind says it, never the
 * schema's code. zod mini carries no messages in the browser, so this is where the words come from.
 */
export function issueWords(issue: Issue, label: string, words?: string): string {
  if (typeof issue === 'string') return issue
  if (words) return words
  const name = label.toLowerCase()
  switch (issue.code) {
    case 'too_small':
      return issue.origin === 'array'
        ? `Add at least ${issue.minimum} ${name}`
        : Number(issue.minimum) <= 1
          ? `Enter the ${name}`
          : `Enter at least ${issue.minimum} characters`
    case 'too_big':
      return issue.origin === 'array'
        ? `At most ${issue.maximum} ${name}`
        : `Shorten this to ${issue.maximum} characters or fewer`
    case 'invalid_value':
      return `Choose one of the ${name} options`
    case 'invalid_format':
      return `Check the ${name}: it is not in the expected form`
    default:
      return `Check the ${name}`
  }
}

/** The first of a field's problems in words, or nothing when it has none. */
export const firstIssueWords = (errors: unknown[], label: string, words?: string) =>
  errors.length > 0 ? issueWords(errors[0] as Issue, label, words) : undefined
