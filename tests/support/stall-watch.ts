import { readFileSync } from 'node:fs'

/** The resident memory of a process, in MB, from /proc (Linux). */
export function residentMb(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
  return kb / 1024
}

/** Clock ticks per second in /proc's CPU times: USER_HZ, 100 on every Linux this runs on. */
const TICKS_PER_SECOND = 100

/**
 * CPU time, in ms, that a process's main thread (the event loop: its thread id is the process id) has
 * used, from /proc (Linux). Worker threads are not counted: they may work as long as they like.
 */
export function mainThreadCpuMs(pid: number) {
  const stat = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8')
  // the command name, in parentheses, may hold spaces: fields are counted after its closing parenthesis
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  const [userTicks, systemTicks] = [Number(fields[11]), Number(fields[12])]
  return ((userTicks + systemTicks) * 1000) / TICKS_PER_SECOND
}

/**
 * Asks `probe` again as soon as it answers (at most every `everyMs`) and samples the process's memory,
 * until stopped: the longest wait for an answer, the most memory seen and the calls that failed (the
 * process died) are what a stall costs.
 *
 * A wait is also weighed by what the server's event loop did meanwhile: `busiestMs` is the most CPU its
 * main thread spent during any one wait. On a machine shared with other work a wait grows with the queue
 * for a core, but that CPU time does not; work done on the event loop instead of in a worker shows as
 * a wait whose main-thread CPU is as long as the work.
 */
export function watchStalls(probe: () => Promise<unknown>, pid: number, everyMs = 50) {
  let stopped = false
  let longestMs = 0
  let busiestMs = 0
  const startMb = residentMb(pid)
  let peakMb = startMb
  let answers = 0
  let failures = 0
  const cpuMs = () => {
    try {
      return mainThreadCpuMs(pid)
    } catch {
      return Number.NaN // the process has gone: the probe fails and counts that
    }
  }
  const memory = setInterval(() => {
    try {
      peakMb = Math.max(peakMb, residentMb(pid))
    } catch {}
  }, 25)
  const loop = (async () => {
    while (!stopped) {
      const started = performance.now()
      const cpuAtStart = cpuMs()
      await probe().catch(() => failures++)
      longestMs = Math.max(longestMs, performance.now() - started)
      const busy = cpuMs() - cpuAtStart
      if (Number.isFinite(busy)) busiestMs = Math.max(busiestMs, busy)
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
        busiestMs: Math.round(busiestMs),
        startMb: Math.round(startMb),
        peakMb: Math.round(peakMb),
        answers,
        failures,
      }
    },
  }
}
