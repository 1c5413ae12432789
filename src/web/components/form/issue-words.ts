type Issue =
  | string
  | { code?: string; message?: string; minimum?: unknown; maximum?: unknown; origin?: string }

/** zod mini carries no messages in the browser, so the words come from here; the field's own `words` win. */
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

export const firstIssueWords = (errors: unknown[], label: string, words?: string) =>
  errors.length > 0 ? issueWords(errors[0] as Issue, label, words) : undefined
