/** As the real service writes times. */
export const iso = (value: Date | null | undefined) =>
  // cutting is a fifth of the regular expression's cost on a list
  value ? `${value.toISOString().slice(0, -5)}Z` : null
