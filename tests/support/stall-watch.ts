import { readFileSync } from 'node:fs'

/** The resident memory of a process, in MB, from /proc (Linux). */
export function residentMb(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
  return kb / 1024
}

/**
 * Asks `probe` again as soon as it answers (at most every `everyMs`) and samples the process's memory,
 * until stopped: the longest wait for an answer, the most memory seen and the calls that failed (the
 * process died) are what a stall costs.
 */
export function watchStalls(probe: () => Promise<unknown>, pid: number, everyMs = 50) {
  let stopped = false
  let longestMs = 0
  const startMb = residentMb(pid)
  let peakMb = startMb
  let answers = 0
  let failures = 0
  const memory = setInterval(() => {
    try {
      peakMb = Math.max(peakMb, residentMb(pid))
    } catch {}
  }, 25)
  const loop = (async () => {
    while (!stopped) {
      const started = performance.now()
      await probe().catch(() => failures++)
      longestMs = Math.max(longestMs, performance.now() - started)
      answers++
      await new Promise((resolve) => setTimeout(resolve, everyMs))
    }
  })()
  return {
    async stop() {
      stopped = true
      await loop
      clearInterval(memory)
      return {
        longestMs: Math.round(longestMs),
        startMb: Math.round(startMb),
        peakMb: Math.round(peakMb),
        answers,
        failures,
      }
    },
  }
}
