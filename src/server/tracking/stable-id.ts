import { hash } from 'node:crypto'

const VARIANT = '89ab'

/** A version-5-shaped UUID from the parts' SHA-1: the same parts give the same id in every process. */
export function stableUuid(...parts: (string | number)[]) {
  // one-shot hash and slices: a 100,000-shipment seed makes millions of these
  const h = hash('sha1', parts.join('\u001f'), 'hex')
  const variant = VARIANT[Number.parseInt(h[16], 16) & 0x3]
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`
}
