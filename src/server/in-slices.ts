/** The longest turn of the event loop a long list's work takes at once: others wait at most about this long. */
const SLICE_MS = 10

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * `work` on each item, in slices of about `sliceMs` of the event loop, giving every other request and timer a
 * turn between slices: a long list then costs them a slice's wait, not the whole list's.
 */
export async function eachInSlices<T>(items: Iterable<T>, work: (item: T) => void, sliceMs = SLICE_MS) {
  let sliceStart = performance.now()
  for (const item of items) {
    work(item)
    if (performance.now() - sliceStart >= sliceMs) {
      await nextTurn()
      sliceStart = performance.now()
    }
  }
}
