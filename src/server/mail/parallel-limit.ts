export function parallelLimit(limit: number) {
  let running = 0
  const waiting: (() => void)[] = []
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= limit) await new Promise<void>((go) => waiting.push(go))
    else running++
    try {
      return await task()
    } finally {
      // the slot passes straight on, so a newcomer cannot take it in between
      const next = waiting.shift()
      if (next) next()
      else running--
    }
  }
}
