/** ISO 8601 in UTC without milliseconds, as the real service writes times. */
export const iso = (value: Date | null | undefined) =>
  // toISOString always ends in `.sssZ`; cutting it is a fifth of the regular expression's cost on a list
  value ? `${value.toISOString().slice(0, -5)}Z` : null
