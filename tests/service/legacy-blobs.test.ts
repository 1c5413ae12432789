import { createHash } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { moveBytesToBlobs } from '../../src/server/storage/legacy-blobs'
import { DATABASE_KINDS } from '../support/databases'
import { tempBlobStore } from '../support/temp-blobs'
import { type Service, startService } from './harness'

type Rows = { rows: Record<string, unknown>[] }
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

describe.each(DATABASE_KINDS)('files the database kept before migration 0023, on %s', (kind) => {
  let service: Service
  const blobs = tempBlobStore()
  const run = async (query: ReturnType<typeof sql>) =>
    (await service.storage.db.execute(query)) as unknown as Rows
  const documents: { id: string; sha256: string; bytes: Buffer }[] = []
  beforeAll(async () => {
    service = await startService(kind, { shipments: 6 })
    const { rows } = await run(sql`select id, file_sha256 from documents order by created_at limit 2`)
    for (const row of rows) {
      const bytes = Buffer.from((await service.storage.blobs.read(String(row.file_sha256))) as Uint8Array)
      documents.push({ id: String(row.id), sha256: String(row.file_sha256), bytes })
    }
    // as 0014 left them: one file's bytes in document_blobs, one older document holding its own
    const [inBlobs, inDocument] = documents
    await run(sql`update document_blobs set bytes = ${inBlobs.bytes} where sha256 = ${inBlobs.sha256}`)
    await run(
      sql`update documents set file_bytes = ${inDocument.bytes}, file_sha256 = null where id = ${inDocument.id}`,
    )
  })
  afterAll(async () => {
    await service?.stop()
    blobs.remove()
  })

  it('moves every one into the blob store at start and clears it from the database', async () => {
    expect(documents).toHaveLength(2)
    expect(await moveBytesToBlobs(service.storage.db, blobs)).toBe(2)
    for (const document of documents)
      expect(sha256((await blobs.read(document.sha256)) as Uint8Array)).toBe(document.sha256)
    const left = await run(sql`select
      (select count(*)::int from document_blobs where bytes is not null) as blobs,
      (select count(*)::int from documents where file_bytes is not null or file_sha256 is null) as documents`)
    expect(left.rows[0]).toEqual({ blobs: 0, documents: 0 })
    const { rows } = await run(sql`select file_sha256 from documents where id = ${documents[1].id}`)
    expect(rows[0].file_sha256).toBe(documents[1].sha256)
    expect(await moveBytesToBlobs(service.storage.db, blobs)).toBe(0)
  })
})
