import { stableUuid } from './stable-id'

/** mulberry32 over a string hash, so the demo is the same on every machine. */
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
  const token = () => {
    const hex = Array.from({ length: 32 }, () => Math.floor(next() * 16).toString(16))
    hex[12] = '4'
    hex[16] = ((Number.parseInt(hex[16], 16) & 0x3) | 0x8).toString(16)
    const s = hex.join('')
    return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`
  }
  let uuids = 0
  // 32-bit streams overlap by 100,000 shipments, so an id also hashes this generator's seed and count
  const uuid = () => stableUuid(seed, 'uuid', ++uuids, token())
  return { next, int, pick, chance, token, uuid }
}
export type Random = ReturnType<typeof seededRandom>
