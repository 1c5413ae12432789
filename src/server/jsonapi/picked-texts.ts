import { LRUCache } from 'lru-cache'

/** An object with only the named members. */
export const picked = (object: Record<string, unknown>, names: ReadonlySet<string>) => {
  const kept: Record<string, unknown> = {}
  for (const name of Object.keys(object)) if (names.has(name)) kept[name] = object[name]
  return kept
}

const FIELDSETS_KEPT = 8

/**
 * The named members of an object written as JSON, as JSON: each text is parsed and written once while it
 * stays the same. The board asks every row's whole attribute text for a few of its members, and parsing it
 * and writing those out again was about a sixth of a tab's server time. A pure function of its inputs, so what
 * it keeps belongs to no account; a changed row brings a new text, read afresh. Kept by the text itself, not a
 * key made from it: a kept text is the same string on every read, and hashes once.
 */
// a fieldset's share holds about 300 rows' texts (3.3 KB with what it keeps), more than the board's nine tabs
// of 25 containers, so moving between tabs does not read them all again
export function createPickedTexts(maxCharacters = 8 * 1024 * 1024) {
  const byFieldset = new Map<string, LRUCache<string, string>>()
  const keptFor = (fieldset: string) => {
    let kept = byFieldset.get(fieldset)
    if (kept) return kept
    // a client may send many fieldsets: the oldest goes, with what it kept
    if (byFieldset.size >= FIELDSETS_KEPT) byFieldset.delete(byFieldset.keys().next().value!)
    kept = new LRUCache<string, string>({
      maxSize: Math.max(1, Math.floor(maxCharacters / FIELDSETS_KEPT)),
      sizeCalculation: (written, text) => written.length + text.length,
    })
    byFieldset.set(fieldset, kept)
    return kept
  }
  return (text: string, names: ReadonlySet<string>, fieldset: string) => {
    const kept = keptFor(fieldset)
    const found = kept.get(text)
    if (found !== undefined) return found
    const written = JSON.stringify(picked(JSON.parse(text) as Record<string, unknown>, names))
    kept.set(text, written)
    return written
  }
}
