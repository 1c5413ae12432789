import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'

/** The shared reference folder sits beside the repository. */
export const referenceDir = resolve(import.meta.dirname, '../../../shared/reference/terminal49')

export const liveResponseFiles = () =>
  readdirSync(join(referenceDir, 'live-responses')).filter((f) => f.endsWith('.json'))

export const readReference = (path: string): unknown =>
  JSON.parse(readFileSync(join(referenceDir, path), 'utf8'))
