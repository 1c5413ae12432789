import { REPRESENTATION_SCHEMA_VERSION } from '../../contract/document-types'
import type { Clock } from '../deps'
import type { Storage } from '../storage/storage'
import { classifyDocument } from './classify-document'
import { documentPayload } from './document-payload'
import { documentText } from './document-text'
import { extractFields } from './extract-fields'
import { linkDocument } from './link-document'

const BATCH = 10
/** How long (real time) one reading may take before another worker may take the document again. */
const LEASE_SECONDS = 5 * 60
const MAX_ATTEMPTS = 5
const retryDelay = (attempt: number) => 30_000 * 2 ** (attempt - 1)

type WorkerDeps = {
  storage: Storage
  /** Service time: when a document is due and when its retry is. Its lease runs on the database's clock. */
  clock: Clock
  onAccountChanged?: (accountId: string) => void
  log?: (message: string) => void
}

/**
 * Reads queued documents: text from the file, the type from the text, the fields with their places, a new
 * representation, and links to the account's shipments and containers. A failed reading is retried with
 * backoff up to five times, then marked failed with its reason; both are visible on the document.
 */
export function createExtractionWorker({
  storage,
  clock,
  onAccountChanged,
  log = console.error,
}: WorkerDeps) {
  async function read(id: string) {
    const now = clock.now()
    const document = await storage.documents.claimExtraction(id, now, LEASE_SECONDS)
    if (!document) return false
    try {
      const file = await storage.documents.file(document.account_id, id)
      const bytes = file && (await storage.blobs.read(file.sha256))
      if (!bytes) throw new Error('The file is no longer kept')
      const pages = await documentText(bytes, document.file_content_type)
      const { values, rejected } = extractFields(pages)
      const payload = documentPayload({
        classification: classifyDocument(pages),
        manualType: document.document_type_manual,
        pages: pages.length,
        values,
        rejected,
        corrections: document.corrections,
      })
      await storage.transaction(async (stores) => {
        await stores.documents.finishExtraction(
          id,
          String(payload.document_type),
          payload,
          REPRESENTATION_SCHEMA_VERSION,
        )
        await linkDocument(stores, document.account_id, id, payload)
      })
    } catch (error) {
      const message = (error as Error).message || 'The document could not be read'
      const retryAt =
        document.extraction_attempts < MAX_ATTEMPTS
          ? new Date(now.getTime() + retryDelay(document.extraction_attempts))
          : null
      log(`Document ${id} could not be read (attempt ${document.extraction_attempts}): ${message}`)
      await storage.documents.failExtraction(id, message, retryAt)
    }
    onAccountChanged?.(document.account_id)
    return true
  }

  /** Reads every document that is due now; answers how many it took. */
  async function runDue() {
    let done = 0
    for (;;) {
      const ids = await storage.documents.dueExtractions(clock.now(), BATCH)
      for (const id of ids) if (await read(id)) done++
      if (ids.length < BATCH) return done
    }
  }

  let timer: NodeJS.Timeout | undefined
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
    /** Looks for due documents every `intervalMs` until stopped. */
    start(intervalMs = 1000) {
      timer = setTimeout(loop(intervalMs), 0)
    },
    async stop() {
      clearTimeout(timer)
      timer = undefined
      await running
    },
  }
}
