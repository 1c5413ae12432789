/**
 * Keeps the event loop alive while `work` runs. Between awaits that only promises settle (PGlite answers in
 * the process), libuv finds nothing to wait for, and Node then blocks in `NodePlatform::DrainTasks` until
 * every job on V8's helper threads is done: at start, the optimising compile of PGlite's WebAssembly, 0.2 to
 * 0.3 s on the one thread `npm start` gives V8. With a timer pending the loop turns on instead, and the
 * compile finishes beside the start. Once the server listens, its socket keeps the loop alive. A first
 * start's demo load goes without: its one run with the hold peaked higher (docs/scaling.md).
 */
export async function holdingTheLoop<T>(work: () => Promise<T>): Promise<T> {
  const held = setInterval(() => {}, 2 ** 30)
  try {
    return await work()
  } finally {
    clearInterval(held)
  }
}
