import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createDiskBlobStore } from '../../src/server/storage/disk-blob-store'

/** A blob store in a fresh temporary directory, and a way to remove it. */
export function tempBlobStore() {
  const dir = mkdtempSync(join(tmpdir(), 'quayside-blobs-'))
  return Object.assign(createDiskBlobStore(dir), {
    dir,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  })
}
