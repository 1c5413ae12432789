/** The words a document over the reading limits is marked with, whatever limit it crossed. */
export const TOO_COMPLEX = 'too large or too complex'

/** A document past a reading limit: never retried, since reading it again would cross the same limit. */
export class TooComplexError extends Error {
  constructor(readonly detail: string) {
    super(`${TOO_COMPLEX}: ${detail}`)
    this.name = 'TooComplexError'
  }
}

export type ReadingLimits = {
  /** Pages read from one document; the rest of a longer file is left unread. */
  pages: number
  /** Characters of text from all pages (pdf.js joins consecutive text operators into one piece). */
  textCharacters: number
  textPieces: number
  /** Bytes the deflated streams of a PDF may inflate to, all together. */
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
