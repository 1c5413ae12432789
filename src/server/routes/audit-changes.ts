type Fields = Record<string, unknown>

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null)
const plain = (value: unknown) => (value instanceof Date ? value.toISOString() : (value ?? null))

/** Only the fields named in `keys` whose value changed; null when nothing did, so no event is recorded. */
export function changedFields(before: Fields, after: Fields, keys: readonly string[]) {
  const changed = keys.filter((key) => !same(plain(before[key]), plain(after[key])))
  if (changed.length === 0) return null
  return {
    before: Object.fromEntries(changed.map((key) => [key, plain(before[key])])),
    after: Object.fromEntries(changed.map((key) => [key, plain(after[key])])),
  }
}
