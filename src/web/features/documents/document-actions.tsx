import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Document } from '../../../contract/documents'
import { ReadOnlyNotice, useWriteAccess } from '../../components/access/write-access'
import { ReadingBadge } from '../../components/documents/reading-badge'
import { documentReading } from '../../components/documents/reading-words'
import { showToast } from '../../components/toast/toasts'
import { type DocumentAction, documentApi, documentQueries } from './document-queries'

const DONE_WORDS: Record<DocumentAction, string> = {
  reextract: 'Reading the document again.',
  reclassify: 'Working out the type again.',
  relink: 'Linked again by the numbers read from it.',
}

export function DocumentActions({ document }: { document: Document }) {
  const queryClient = useQueryClient()
  const { canWrite } = useWriteAccess()
  const a = document.attributes
  const reading = documentReading(a.extraction_status, a.extraction_error)
  const busy = reading.state === 'waiting' || reading.state === 'reading'
  const act = useMutation({
    mutationFn: (action: DocumentAction) => documentApi.act(document.id, action),
    onSuccess: async (_, action) => {
      showToast({ tone: 'done', text: DONE_WORDS[action] })
      await queryClient.invalidateQueries({ queryKey: documentQueries.detail(document.id).queryKey })
      void queryClient.invalidateQueries({ queryKey: [...documentQueries.all(), 'linked'] })
    },
    onError: (error) => showToast({ tone: 'failed', text: error.message }),
  })
  const button = (action: DocumentAction, label: string) => (
    <button
      type="button"
      className="secondary"
      disabled={!canWrite || act.isPending || (busy && action !== 'relink')}
      onClick={() => act.mutate(action)}
    >
      {act.isPending && act.variables === action ? 'Asking…' : label}
    </button>
  )
  return (
    <section aria-labelledby="reading-title" className="document-reading">
      <h2 id="reading-title">Reading</h2>
      <div role="status" aria-live="polite">
        <ReadingBadge reading={reading} />
        {busy ? (
          <>
            {' '}
            <progress aria-label="Reading the document" />
            <span className="muted small"> The form updates when reading is done.</span>
          </>
        ) : null}
        {a.extraction_attempts && a.extraction_attempts > 1 ? (
          <span className="muted small"> (attempt {a.extraction_attempts})</span>
        ) : null}
      </div>
      <div className="form-actions">
        {button('reextract', 'Read again')}
        {button('reclassify', 'Work out the type again')}
        {button('relink', 'Link again by its numbers')}
      </div>
      <ReadOnlyNotice action="Reading a document again or relinking it" />
    </section>
  )
}
