import type { Executor } from './database'
import { createDocumentLinks } from './document-links'
import { createDocumentReads } from './document-reads'
import { createDocumentWrites } from './document-writes'
import { createEmailSubmissionReads } from './email-submission-reads'
import { createExtractionLeases } from './extraction-leases'
import { createExtractionOutcomes } from './extraction-outcomes'
import type { documentRepresentations, documents, emailSubmissions } from './schema'

export type DocumentRow = Omit<typeof documents.$inferSelect, 'file_bytes'> & {
  last_document_representation_id: string | null
}
export type EmailSubmission = typeof emailSubmissions.$inferSelect & { documents_count: number }
export type DocumentRepresentation = typeof documentRepresentations.$inferSelect

export const createDocumentStore = (db: Executor, now: () => Date) => {
  const reads = createDocumentReads(db)
  const links = createDocumentLinks(db, now)
  return {
    ...createEmailSubmissionReads(db),
    ...reads,
    ...createDocumentWrites(db, now, reads),
    ...links,
    ...createExtractionLeases(db, now),
    ...createExtractionOutcomes(db, now, links),
  }
}
