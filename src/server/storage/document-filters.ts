import { and, type SQL, sql } from 'drizzle-orm'
import { escapeLike } from './like-pattern'
import { documents, emailSubmissions } from './schema'

export const DOCUMENT_SORT_FIELDS = {
  created_at: documents.created_at,
  document_type: documents.document_type,
  added_by: documents.user_id,
} as const
export type DocumentSort = { field: keyof typeof DOCUMENT_SORT_FIELDS; descending: boolean }
export type DocumentFilters = {
  fileName?: string
  documentTypes?: string[]
  reference?: string
  shipmentId?: string
  containerId?: string
}

const SUBMISSION_READING = ['failed', 'reading', 'done', 'no_documents'] as const
export type SubmissionReading = (typeof SUBMISSION_READING)[number]
export type SubmissionFilters = { q?: string; reading?: SubmissionReading }

const submissionDocuments = (condition: SQL) =>
  sql`exists (select 1 from documents d where d.email_submission_id = ${emailSubmissions.id} and not d.discarded and ${condition})`

export const readingCondition = (reading: SubmissionReading) =>
  reading === 'failed'
    ? submissionDocuments(sql`d.extraction_status = 'failed'`)
    : reading === 'reading'
      ? and(
          submissionDocuments(sql`d.extraction_status in ('pending', 'running')`),
          sql`not ${submissionDocuments(sql`d.extraction_status = 'failed'`)}`,
        )
      : reading === 'done'
        ? and(
            submissionDocuments(sql`true`),
            sql`not ${submissionDocuments(sql`d.extraction_status is distinct from 'done'`)}`,
          )
        : sql`not ${submissionDocuments(sql`true`)}`

export const submissionMatches = (q: string) => {
  const pattern = `%${escapeLike(q.trim())}%`
  return sql`(${emailSubmissions.subject} ilike ${pattern}
    or ${emailSubmissions.from}::text ilike ${pattern}
    or ${emailSubmissions.to}::text ilike ${pattern}
    or ${submissionDocuments(sql`d.file_name ilike ${pattern}`)})`
}

export const linkedTo = (entityType: 'shipment' | 'container', id: string) =>
  sql`exists (select 1 from document_links l where l.document_id = ${documents.id} and l.entity_type = ${entityType} and l.entity_id = ${id})`

export const linkedToReference = (reference: string) => {
  const token = reference.trim().toUpperCase()
  return sql`exists (select 1 from document_links l
    left join shipments s on l.entity_type = 'shipment' and s.id = l.entity_id
    left join containers c on l.entity_type = 'container' and c.id = l.entity_id
    where l.document_id = ${documents.id}
      and (s.normalized_number = ${token} or s.ref_numbers ? ${reference.trim()} or c.number = ${token}))`
}
