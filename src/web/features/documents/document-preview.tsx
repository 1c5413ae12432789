import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useEffect, useMemo, useState } from 'react'
import { explain } from '../../components/layout/explain-error'
import { documentQueries } from './document-queries'
import type { Highlight } from './pdf-preview'

// pdf.js (and its worker) load with the first PDF shown, never with the rest of the dashboard
const PdfPreview = lazy(async () => ({ default: (await import('./pdf-preview')).PdfPreview }))

function ImagePreview({ bytes, type, name }: { bytes: ArrayBuffer; type: string; name: string }) {
  const [url, setUrl] = useState<string>()
  useEffect(() => {
    const made = URL.createObjectURL(new Blob([bytes], { type }))
    setUrl(made)
    return () => URL.revokeObjectURL(made)
  }, [bytes, type])
  return url ? <img src={url} alt={`The document ${name}`} className="document-image" /> : null
}

function TextPreview({ bytes, highlight }: { bytes: ArrayBuffer; highlight?: Highlight }) {
  const text = useMemo(() => new TextDecoder().decode(bytes), [bytes])
  if (!highlight || text.slice(highlight.start, highlight.end) !== highlight.text)
    return <pre className="document-text">{text}</pre>
  return (
    <pre className="document-text">
      {text.slice(0, highlight.start)}
      <mark data-testid="pdf-highlight">{text.slice(highlight.start, highlight.end)}</mark>
      {text.slice(highlight.end)}
    </pre>
  )
}

/** Nothing in it is run. */
export function DocumentPreview(props: {
  id: string
  contentType: string
  name: string
  highlight?: Highlight
}) {
  const { id, contentType, name, highlight } = props
  const previewable = contentType === 'application/pdf' || /^(image|text)\//.test(contentType)
  const file = useQuery({ ...documentQueries.file(id), enabled: previewable })
  if (!previewable)
    return (
      <p className="muted">
        There is no preview for this kind of file ({contentType}); download it to open it.
      </p>
    )
  if (file.error)
    return (
      <div className="error-panel" role="alert">
        <p>Couldn't load the file: {explain(file.error).title}</p>
        <button type="button" onClick={() => void file.refetch()}>
          Retry
        </button>
      </div>
    )
  if (!file.data)
    return (
      <p aria-busy="true" className="muted">
        Loading the file…
      </p>
    )
  if (contentType === 'application/pdf')
    return (
      <Suspense
        fallback={
          <p aria-busy="true" className="muted">
            Loading the PDF viewer…
          </p>
        }
      >
        <PdfPreview bytes={file.data} highlight={highlight} name={name} />
      </Suspense>
    )
  if (contentType.startsWith('image/'))
    return <ImagePreview bytes={file.data} type={contentType} name={name} />
  return <TextPreview bytes={file.data} highlight={highlight} />
}
