export type Clock = { now: () => Date }

export const systemClock: Clock = { now: () => new Date() }

export function scaledClock(speed: number, start = new Date()): Clock {
  const realStart = Date.now()
  return { now: () => new Date(start.getTime() + (Date.now() - realStart) * speed) }
}

export type AdjustableClock = Clock & { advance: (ms: number) => void }

/** The one place a test-and-demo jump (CLOCK_CONTROL) moves service time: every reader of this clock sees it. */
export function adjustableClock(base: Clock): AdjustableClock {
  let offsetMs = 0
  return {
    now: () => new Date(base.now().getTime() + offsetMs),
    advance: (ms) => {
      offsetMs += ms
    },
  }
}
