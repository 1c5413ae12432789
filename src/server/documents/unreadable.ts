/** The words a document pdf.js cannot open is marked with. */
const UNREADABLE = 'could not be read: the file is not a readable PDF'

/**
 * A file pdf.js cannot open (no catalog, a broken cross-reference, nesting it gives up on). Opening bytes
 * already in memory gives the same answer every time, so it is never retried.
 */
export class UnreadableError extends Error {
  constructor(readonly cause?: unknown) {
    super(UNREADABLE)
    this.name = 'UnreadableError'
  }
}
