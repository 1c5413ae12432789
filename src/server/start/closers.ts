/** What a started server must stop, in order: each step adds its own ahead of those it depends on. */
export type Closers = {
  /** Closes before everything added so far (what uses the database stops before the database). */
  first: (close: () => Promise<void>) => void
  closeAll: () => Promise<void>
}

export function createClosers(): Closers {
  const closers: (() => Promise<void>)[] = []
  return {
    first: (close) => {
      closers.unshift(close)
    },
    closeAll: async () => {
      for (const close of closers) await close()
    },
  }
}
