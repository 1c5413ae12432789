import { DOCUMENT_TYPES } from '../../../contract/document-types'

export type Reading = {
  state: 'none' | 'waiting' | 'reading' | 'done' | 'failed'
  words: string
  mark: string
}

/** The mark is never the only sign. */
export function documentReading(status: string | null | undefined, error?: string | null): Reading {
  switch (status) {
    case 'pending':
      return { state: 'waiting', words: 'Waiting to be read', mark: '…' }
    case 'running':
      return { state: 'reading', words: 'Being read', mark: '…' }
    case 'done':
      return { state: 'done', words: 'Read', mark: '✓' }
    case 'failed':
      return {
        state: 'failed',
        words: error ? `Could not be read: ${error}` : 'Could not be read',
        mark: '!',
      }
    default:
      return { state: 'none', words: status ? `Reading: ${status}` : 'Not read', mark: '–' }
  }
}

export function submissionReading(statuses: (string | null | undefined)[], count: number): Reading {
  if (count === 0) return { state: 'none', words: 'No attachments', mark: '–' }
  const failed = statuses.filter((s) => s === 'failed').length
  if (failed > 0) return { state: 'failed', words: `${failed} of ${count} could not be read`, mark: '!' }
  const open = statuses.filter((s) => s === 'pending' || s === 'running').length
  if (open > 0) return { state: 'reading', words: `Reading ${open} of ${count}`, mark: '…' }
  if (statuses.length < count) return { state: 'none', words: `${count} attachments`, mark: '–' }
  return { state: 'done', words: count === 1 ? 'Read' : `All ${count} read`, mark: '✓' }
}

export const documentTypeLabel = (code: string | null | undefined) =>
  code ? (DOCUMENT_TYPES.find((t) => t.code === code)?.label ?? code.replaceAll('_', ' ')) : 'Not yet known'
