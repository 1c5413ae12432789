import { and, eq, isNotNull } from 'drizzle-orm'
import { type BlobStore, slices } from './blob-store'
import type { Executor } from './database'
import { documentBlobs, documents } from './schema'

/** A row is cleared only once its blob is durable, so a start cut short carries on where it stopped. */
export async function moveBytesToBlobs(db: Executor, blobs: BlobStore) {
  let moved = 0
  for (;;) {
    const [row] = await db
      .select({
        account_id: documentBlobs.account_id,
        sha256: documentBlobs.sha256,
        bytes: documentBlobs.bytes,
      })
      .from(documentBlobs)
      .where(isNotNull(documentBlobs.bytes))
      .limit(1)
    if (!row?.bytes) break
    const blob = await blobs.put(slices(row.bytes))
    if (blob.sha256 !== row.sha256)
      throw new Error(`The bytes kept for ${row.sha256} hash to ${blob.sha256}: the database copy is damaged`)
    await db
      .update(documentBlobs)
      .set({ bytes: null })
      .where(and(eq(documentBlobs.account_id, row.account_id), eq(documentBlobs.sha256, row.sha256)))
    moved++
  }
  for (;;) {
    const [row] = await db
      .select({ id: documents.id, account_id: documents.account_id, bytes: documents.file_bytes })
      .from(documents)
      .where(isNotNull(documents.file_bytes))
      .limit(1)
    if (!row?.bytes) break
    const blob = await blobs.put(slices(row.bytes))
    await db
      .insert(documentBlobs)
      .values({ account_id: row.account_id, sha256: blob.sha256, size_bytes: blob.size })
      .onConflictDoNothing()
    await db
      .update(documents)
      .set({ file_bytes: null, file_sha256: blob.sha256, file_size_bytes: blob.size })
      .where(eq(documents.id, row.id))
    moved++
  }
  return moved
}
