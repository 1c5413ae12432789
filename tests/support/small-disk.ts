import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const mount = (args: string[]) => spawnSync('mount', args, { encoding: 'utf8' })

/** Whether this process may mount a tmpfs (root outside a locked-down container); why not, when it may not. */
export function mountRefusal() {
  if (process.platform !== 'linux') return 'mounting a tmpfs needs Linux'
  const dir = mkdtempSync(join(tmpdir(), 'quayside-mount-check-'))
  const tried = mount(['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', dir])
  if (tried.status === 0) spawnSync('umount', [dir])
  rmSync(dir, { recursive: true, force: true })
  return tried.status === 0 ? undefined : `mount -t tmpfs is not permitted here: ${tried.stderr.trim()}`
}

/** A tmpfs of `size` (such as '2m') on a new directory: a disk that fills, or is read-only, for real. */
export function smallDisk(size: string) {
  const dir = mkdtempSync(join(tmpdir(), 'quayside-disk-'))
  const run = (args: string[]) => {
    const result = mount(args)
    if (result.status !== 0) throw new Error(`mount ${args.join(' ')} failed: ${result.stderr}`)
  }
  run(['-t', 'tmpfs', '-o', `size=${size},mode=0777`, 'tmpfs', dir])
  return {
    dir,
    readOnly: () => run(['-o', 'remount,ro', dir]),
    remove: () => {
      spawnSync('umount', ['-l', dir])
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
