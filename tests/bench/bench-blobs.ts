import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createDiskBlobStore } from '../../src/server/storage/disk-blob-store'

/** The benches' blob store: BLOB_DIR, or one directory under the system's temp that later runs find again. */
export const benchBlobs = () =>
  createDiskBlobStore(process.env.BLOB_DIR ?? join(tmpdir(), 'quayside-bench-blobs'))
