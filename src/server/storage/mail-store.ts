import type { BlobRef } from './blob-store'
import type { Executor } from './database'
import { createInboundAddresses } from './inbound-addresses'
import { createMailThreads } from './mail-threads'
import { documentBlobs } from './schema'

export const createMailStore = (db: Executor, now: () => Date) => ({
  ...createInboundAddresses(db),
  ...createMailThreads(db, now),
  async keepBlob(accountId: string, blob: BlobRef) {
    await db
      .insert(documentBlobs)
      .values({ account_id: accountId, sha256: blob.sha256, size_bytes: blob.size, created_at: now() })
      .onConflictDoNothing()
  },
})
