import { REPRESENTATION_SCHEMA_VERSION } from '../../contract/document-types'
import type { Clock } from '../clock'
import type { Storage } from '../storage/storage'
import { linkDocumentAnnounced } from './announce-lfd-changes'
import { documentPayload } from './document-payload'
import type { Reading } from './read-document'
import { createReaderPool, type ReaderPoolOptions } from './reader-pool'
import { TOO_COMPLEX } from './too-complex'

const BATCH = 10
/** Real time, before another worker may take the document again. */
const LEASE_SECONDS = 5 * 60
/** Crashes count too. */
const MAX_ATTEMPTS = 5
const retryDelay = (attempt: number) => 30_000 * 2 ** (attempt - 1)

type Reader = { read(bytes: Uint8Array, contentType: string): Promise<Reading>; close(): Promise<void> }

type WorkerDeps = {
  storage: Storage
  /** Its lease runs on the database's clock. */
  clock: Clock
  onAccountChanged?: (accountId: string) => void
  log?: (message: string) => void
  reading?: ReaderPoolOptions
  reader?: Reader
  bytesOf?: (accountId: string, id: string) => Promise<Uint8Array | undefined>
}

async function saveReading(storage: Storage, id: string, document: ClaimedDocument, read: Reading) {
  const payload = documentPayload({
    classification: read.classification,
    manualType: document.document_type_manual,
    pages: read.pages,
    values: read.values,
    rejected: read.rejected,
    corrections: document.corrections,
  })
  await storage.transaction(async (stores) => {
    await stores.documents.finishExtraction(
      id,
      String(payload.document_type),
      payload,
      REPRESENTATION_SCHEMA_VERSION,
    )
    await linkDocumentAnnounced(stores, document.account_id, { id, name: document.name }, payload)
  })
}

async function recordFailure(
  storage: Storage,
  log: (message: string) => void,
  document: ClaimedDocument,
  error: Error,
  now: Date,
) {
  if (error.name === 'ReadingInterrupted') return storage.documents.releaseExtraction(document.id)
  const message = error.message || 'The document could not be read'
  // past a limit or unopenable, a file reads the same every time
  const final = error.name === 'TooComplexError' || error.name === 'UnreadableError'
  const retry = !final && document.extraction_attempts < MAX_ATTEMPTS
  log(`Document ${document.id} could not be read (attempt ${document.extraction_attempts}): ${message}`)
  await storage.documents.failExtraction(
    document.id,
    message,
    retry ? new Date(now.getTime() + retryDelay(document.extraction_attempts)) : null,
  )
}

/** A file over the reading limits, or that pdf.js cannot open, fails at once for good. */
export function createExtractionWorker({
  storage,
  clock,
  onAccountChanged,
  log = console.error,
  reading,
  reader = createReaderPool(reading),
  bytesOf = async (accountId, id) => {
    const file = await storage.documents.file(accountId, id)
    return file && storage.blobs.read(file.sha256)
  },
}: WorkerDeps) {
  async function read(id: string) {
    const now = clock.now()
    const document = await storage.documents.claimExtraction(id, now, LEASE_SECONDS, MAX_ATTEMPTS)
    if (!document) return false
    try {
      const bytes = await bytesOf(document.account_id, id)
      if (!bytes) throw new Error('The file is no longer kept')
      await saveReading(storage, id, document, await reader.read(bytes, document.file_content_type))
    } catch (error) {
      await recordFailure(storage, log, document, error as Error, now)
    }
    onAccountChanged?.(document.account_id)
    return true
  }

  async function runDue() {
    // a reading cut short by a crash leaves its lease to expire
    await storage.documents.abandonExtractions(
      clock.now(),
      MAX_ATTEMPTS,
      `${TOO_COMPLEX}: its reading never finished in ${MAX_ATTEMPTS} attempts`,
    )
    let done = 0
    for (;;) {
      const ids = await storage.documents.dueExtractions(clock.now(), BATCH)
      for (const id of ids) if (await read(id)) done++
      if (ids.length < BATCH || stopping) return done
    }
  }

  let timer: NodeJS.Timeout | undefined
  let stopping = false
  let running: Promise<unknown> = Promise.resolve()
  const loop = (intervalMs: number) => () => {
    running = runDue()
      .catch((error: Error) => log(`Document extraction failed: ${error.message}`))
      .finally(() => {
        if (timer) timer = setTimeout(loop(intervalMs), intervalMs)
      })
  }
  return {
    runDue,
    start(intervalMs = 1000) {
      timer = setTimeout(loop(intervalMs), 0)
    },
    /** A reading under way is queued again, not counted against it. */
    async stop() {
      clearTimeout(timer)
      timer = undefined
      stopping = true
      await reader.close()
      await running
    },
  }
}

type ClaimedDocument = NonNullable<Awaited<ReturnType<Storage['documents']['claimExtraction']>>>
