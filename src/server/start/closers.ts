/** Each step adds its own closer ahead of those it depends on. */
export type Closers = {
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
