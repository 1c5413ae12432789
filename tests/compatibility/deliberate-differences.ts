/**
 * Where Quayside answers differently from the reference on purpose, each with why. The compatibility
 * suite holds Quayside to exactly this answer, so a difference can neither creep in nor quietly go.
 */
export const DELIBERATE_DIFFERENCES: Record<string, { status: number; why: string; bodyDiffers?: true }> = {
  'POST /documents': {
    status: 201,
    bodyDiffers: true,
    why: 'An uploaded document has no document_type (null) until it is classified; Quayside has no classifier yet (the document pipeline is a later issue), and guessing one would be a lie.',
  },
  'POST /documents/{id}/reextract': {
    status: 501,
    why: 'Quayside does not read documents yet; answering 202 would promise an extraction that never happens.',
  },
  'POST /documents/{id}/reclassify': {
    status: 501,
    why: 'Quayside does not classify documents yet; PATCH document_type_manual sets the type by hand.',
  },
  'POST /documents/{id}/rotate': {
    status: 422,
    why: 'The call rotates a PDF, which only images can be (the reference says so too); an image answers 501, as Quayside cannot turn images yet.',
  },
}
