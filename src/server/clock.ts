export type Clock = { now: () => Date }

export const systemClock: Clock = { now: () => new Date() }

export function scaledClock(speed: number, start = new Date()): Clock {
  const realStart = Date.now()
  return { now: () => new Date(start.getTime() + (Date.now() - realStart) * speed) }
}
