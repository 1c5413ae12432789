import type { BlobRef } from './blob-store'
import type { Executor } from './database'
import { createInboundAddresses } from './inbound-addresses'
import { createMailThreads } from './mail-threads'
import { documentBlobs } from './schema'

/** Inbound mail: the accounts' addresses, the files each keeps (once per checksum), and submissions with their threads. */
export const createMailStore = (db: Executor, now: () => Date) => ({
  ...createInboundAddresses(db),
  ...createMailThreads(db, now),
  /** Records that the account keeps the blob with this hash (its bytes are in the blob store), once. */
  async keepBlob(accountId: string, blob: BlobRef) {
    await db
      .insert(documentBlobs)
      .values({ account_id: accountId, sha256: blob.sha256, size_bytes: blob.size, created_at: now() })
      .onConflictDoNothing()
  },
})
