/** The clock the service runs on; tests and the simulator move it by hand. */
export type Clock = { now: () => Date }

export const systemClock: Clock = { now: () => new Date() }

/** A clock running `speed` times faster than real time from the moment it is made (the demo's fast-forward). */
export function scaledClock(speed: number, start = new Date()): Clock {
  const realStart = Date.now()
  return { now: () => new Date(start.getTime() + (Date.now() - realStart) * speed) }
}
