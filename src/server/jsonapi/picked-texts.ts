import { LRUCache } from 'lru-cache'

/** An object with only the named members. */
export const picked = (object: Record<string, unknown>, names: ReadonlySet<string>) => {
  const kept: Record<string, unknown> = {}
  for (const name of Object.keys(object)) if (names.has(name)) kept[name] = object[name]
  return kept
}

/**
 * The named members of an object written as JSON, as JSON: each text is parsed and written once while it
 * stays the same. The board asks every row's whole attribute text for a few of its members, and parsing it
 * and writing those out again was about a sixth of a tab's server time. A pure function of its inputs, so what
 * it keeps belongs to no account; a changed row brings a new text, read afresh.
 */
export function createPickedTexts(maxCharacters = 2 * 1024 * 1024) {
  const kept = new LRUCache<string, string>({
    maxSize: maxCharacters,
    sizeCalculation: (written, key) => written.length + key.length,
  })
  return (text: string, names: ReadonlySet<string>, fieldset: string) => {
    const key = `${fieldset}\u0000${text}`
    const found = kept.get(key)
    if (found !== undefined) return found
    const written = JSON.stringify(picked(JSON.parse(text) as Record<string, unknown>, names))
    kept.set(key, written)
    return written
  }
}
