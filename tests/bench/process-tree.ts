import { readdirSync, readFileSync } from 'node:fs'

export type ProcessMemory = { pid: number; name: string; command: string; rssMb: number; hwmMb: number }

const kbField = (status: string, field: string) =>
  Number(status.match(new RegExp(`${field}:\\s+(\\d+) kB`))?.[1] ?? 0)

function readProcess(pid: number): (ProcessMemory & { ppid: number }) | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    return {
      pid,
      ppid: Number(status.match(/PPid:\s+(\d+)/)?.[1]),
      name: status.match(/Name:\s+(\S+)/)?.[1] ?? '?',
      command: readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim(),
      rssMb: kbField(status, 'VmRSS') / 1024,
      hwmMb: kbField(status, 'VmHWM') / 1024,
    }
  } catch {
    return undefined // it ended between the listing and the read
  }
}

/** `root` and every process below it, from /proc (VmRSS now, VmHWM the peak over each one's life). */
export function processTree(root: number): ProcessMemory[] {
  const all = readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map((entry) => readProcess(Number(entry)))
    .filter((process) => process !== undefined)
  const tree: ProcessMemory[] = []
  const visit = (pid: number) => {
    for (const process of all)
      if (process.pid === pid || process.ppid === pid) {
        if (tree.some((seen) => seen.pid === process.pid)) continue
        tree.push(process)
        if (process.pid !== pid) visit(process.pid)
      }
  }
  visit(root)
  return tree
}

/**
 * Samples a process tree every `intervalMs`: the highest sum of resident memory seen at once, and each
 * process's last reading while it ran (its VmHWM is exact whatever the interval: the kernel keeps it).
 */
export function sampleTree(root: number, intervalMs = 50) {
  const last = new Map<number, ProcessMemory>()
  let peakSumMb = 0
  const sample = () => {
    const tree = processTree(root)
    // a process that has ended but is not yet reaped reads as nothing: keep what it held before
    for (const process of tree) if (process.hwmMb > 0) last.set(process.pid, process)
    peakSumMb = Math.max(
      peakSumMb,
      tree.reduce((sum, process) => sum + process.rssMb, 0),
    )
  }
  sample()
  const timer = setInterval(sample, intervalMs)
  return {
    peakSumMb: () => peakSumMb,
    processes: () => [...last.values()],
    now: () => processTree(root),
    stop: () => clearInterval(timer),
  }
}
