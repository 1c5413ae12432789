import { spawnSync } from 'node:child_process'
import { accessSync, constants, statSync } from 'node:fs'

export const isExecutableFile = (path: string) => {
  try {
    accessSync(path, constants.X_OK)
    return statSync(path).isFile()
  } catch {
    return false
  }
}

/** What `<file> --version` prints, or why it could not run (the first line of its error). */
export function versionOf(file: string): { version: string } | { failure: string } {
  const result = spawnSync(file, ['--version'], { encoding: 'utf8', timeout: 30_000 })
  const firstLine = (text: string | undefined) => text?.trim().split('\n')[0]?.trim() ?? ''
  if (result.status === 0 && firstLine(result.stdout)) return { version: firstLine(result.stdout) }
  return { failure: result.error?.message ?? (firstLine(result.stderr) || `exit code ${result.status}`) }
}
