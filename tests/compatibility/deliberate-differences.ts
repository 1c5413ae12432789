/**
 * Where Quayside answers differently from the reference on purpose, each with why. The compatibility
 * suite holds Quayside to exactly this answer, so a difference can neither creep in nor quietly go.
 */
export const DELIBERATE_DIFFERENCES: Record<string, { status: number; why: string; bodyDiffers?: true }> = {
  'POST /documents': {
    status: 201,
    bodyDiffers: true,
    why: 'An uploaded document has no document_type (null) until the extraction worker has read it, a moment later (extraction_status shows where it is); guessing one at upload would be a lie.',
  },
  'POST /documents/{id}/rotate': {
    status: 422,
    why: 'The call rotates a PDF, which only images can be (the reference says so too); an image answers 501, as Quayside cannot turn images yet.',
  },
}
