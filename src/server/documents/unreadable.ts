const UNREADABLE = 'could not be read: the file is not a readable PDF'

/** Opening bytes already in memory gives the same answer every time, so it is never retried. */
export class UnreadableError extends Error {
  constructor(readonly cause?: unknown) {
    super(UNREADABLE)
    this.name = 'UnreadableError'
  }
}
