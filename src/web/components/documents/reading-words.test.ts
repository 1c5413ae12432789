import { describe, expect, it } from 'vitest'
import { documentReading, documentTypeLabel, submissionReading } from './reading-words'

describe('reading words', () => {
  it('says how far reading one document has got, with the failure in words', () => {
    expect(documentReading('pending').words).toBe('Waiting to be read')
    expect(documentReading('running').state).toBe('reading')
    expect(documentReading('done')).toEqual({ state: 'done', words: 'Read', mark: '✓' })
    expect(documentReading('failed', 'The file is no longer kept').words).toBe(
      'Could not be read: The file is no longer kept',
    )
    expect(documentReading(null).words).toBe('Not read')
    expect(documentReading('ocr_queued').words).toBe('Reading: ocr_queued')
  })

  it('sums up an email: a failure first, then what is still being read, then all read', () => {
    expect(submissionReading([], 0).words).toBe('No attachments')
    expect(submissionReading(['done', 'failed', 'pending'], 3).words).toBe('1 of 3 could not be read')
    expect(submissionReading(['done', 'running', 'pending'], 3).words).toBe('Reading 2 of 3')
    expect(submissionReading(['done', 'done'], 2).words).toBe('All 2 read')
    expect(submissionReading(['done'], 1).words).toBe('Read')
    // a server that does not include the documents: only the count is known
    expect(submissionReading([], 2).words).toBe('2 attachments')
  })

  it('labels a document type, keeping one it does not know readable', () => {
    expect(documentTypeLabel('arrival_notice')).toBe('Arrival notice')
    expect(documentTypeLabel('dock_receipt')).toBe('dock receipt')
    expect(documentTypeLabel(null)).toBe('Not yet known')
  })
})
