import { type Classification, classifyDocument } from './classify-document'
import { documentText } from './document-text'
import { type ExtractedValue, extractFields, type RejectedValue } from './extract-fields'
import { READING_LIMITS, type ReadingLimits } from './too-complex'

export type Reading = {
  pages: number
  classification: Classification
  values: ExtractedValue[]
  rejected: RejectedValue[]
}

/** CPU-bound: run it in a reading thread. */
export async function readDocument(
  bytes: Uint8Array,
  contentType: string,
  limits: ReadingLimits = READING_LIMITS,
): Promise<Reading> {
  const pages = await documentText(bytes, contentType, limits)
  const { values, rejected } = extractFields(pages)
  return { pages: pages.length, classification: classifyDocument(pages), values, rejected }
}
