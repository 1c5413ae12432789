import { createServer as createNetServer } from 'node:net'

/** Fails at once, rather than after loading the demo (a minute on a large one). */
export function checkPortFree(port: number, host: string) {
  if (port === 0) return Promise.resolve()
  return new Promise<void>((free, taken) => {
    const probe = createNetServer()
    probe.once('error', taken)
    probe.listen(port, host, () => probe.close(() => free()))
  })
}
