import { execFile } from 'node:child_process'

export type Measured = { p50: number; p99: number; rps: number; errors: number; hitRate: number }

/**
 * Runs tests/bench/load.ts (autocannon) in a process of its own, so the load does not share an event loop
 * with what measures it; `paths` spreads the requests over several URLs of the same origin.
 */
export const loadFromOwnProcess = (
  url: string,
  connections: string,
  seconds: string,
  headers: Record<string, string>,
  paths?: string[],
) =>
  new Promise<Measured>((resolve, reject) =>
    execFile(
      process.execPath,
      [
        '--import',
        'tsx',
        'tests/bench/load.ts',
        url,
        connections,
        seconds,
        JSON.stringify(headers),
        ...(paths ? [JSON.stringify(paths)] : []),
      ],
      { maxBuffer: 16 * 1024 * 1024 },
      (error, stdout) => (error ? reject(error) : resolve(JSON.parse(stdout.trim().split('\n').pop()!))),
    ),
  )
