export function untilNew<T>(seen: Set<string>, key: (item: T) => string, make: () => T): T {
  for (;;) {
    const item = make()
    if (seen.has(key(item))) continue
    seen.add(key(item))
    return item
  }
}
