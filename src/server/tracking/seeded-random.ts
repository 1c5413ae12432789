import { stableUuid } from './stable-id'

/** A small seeded generator (mulberry32 over a string hash), so the demo is the same on every machine. */
export function seededRandom(seed: string) {
  let h = 1779033703 ^ seed.length
  for (let i = 0; i < seed.length; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3432918353)
    h = (h << 13) | (h >>> 19)
  }
  let state = h >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) | 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]
  const chance = (p: number) => next() < p
  let uuids = 0
  // 32-bit generators collide: a hundred thousand shipments' streams overlap somewhere, so an id is a
  // hash of this generator's own seed and count; the draws still advance the stream as every caller expects
  const uuid = () => {
    const draws = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16)).join('')
    return stableUuid(seed, 'uuid', ++uuids, draws)
  }
  return { next, int, pick, chance, uuid }
}
export type Random = ReturnType<typeof seededRandom>
