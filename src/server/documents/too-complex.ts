export const TOO_COMPLEX = 'too large or too complex'

/** Never retried: reading it again would cross the same limit. */
export class TooComplexError extends Error {
  constructor(readonly detail: string) {
    super(`${TOO_COMPLEX}: ${detail}`)
    this.name = 'TooComplexError'
  }
}

export type ReadingLimits = {
  pages: number
  /** pdf.js joins consecutive text operators into one piece. */
  textCharacters: number
  textPieces: number
  inflatedBytes: number
}

export const READING_LIMITS: ReadingLimits = {
  pages: 50,
  textCharacters: 2_000_000,
  textPieces: 200_000,
  inflatedBytes: 64 * 1024 * 1024,
}

const count = new Intl.NumberFormat('en-US')
export const formatCount = (n: number) => count.format(n)
