import { useEffect, useRef, useState } from 'react'
import { type Box, pieceBox, spanPieces } from './text-positions'
import { MAX_PAGES, type RenderedPage, usePdfPages } from './use-pdf-pages'

export type Highlight = { page: number; start: number; end: number; text: string }

const percent = (box: Box, page: RenderedPage) => ({
  left: `${(box.left / page.width) * 100}%`,
  top: `${(box.top / page.height) * 100}%`,
  width: `${(box.width / page.width) * 100}%`,
  height: `${(box.height / page.height) * 100}%`,
})

export function PdfPreview({
  bytes,
  highlight,
  name,
}: {
  bytes: ArrayBuffer
  highlight?: Highlight
  name?: string
}) {
  const { pageCount, pages, problem, canvases, slow, retry } = usePdfPages(bytes)
  const mark = useRef<HTMLDivElement>(null)

  const target = highlight ? pages.find((p) => p.number === highlight.page) : undefined
  const boxes =
    target && highlight
      ? spanPieces(target.layout, highlight.start, highlight.end, highlight.text).map((piece) =>
          pieceBox(target.items[piece.index], piece, target.viewport),
        )
      : []

  // once, not at every render: the page polls while reading
  const marked = boxes.length > 0 && highlight ? `${highlight.page}:${highlight.start}:${highlight.text}` : ''
  useEffect(() => {
    if (marked) mark.current?.scrollIntoView({ block: 'center', behavior: 'smooth' })
  }, [marked])

  if (problem)
    return (
      <p className="field-error" role="alert">
        {problem}
      </p>
    )
  return (
    <div className="pdf-pages" aria-busy={pages.length === 0}>
      {pageCount === undefined ? <p className="muted">Opening the PDF…</p> : null}
      {slow ? <SlowOpen bytes={bytes} retry={retry} name={name} /> : null}
      {Array.from({ length: Math.min(pageCount ?? 0, MAX_PAGES) }, (_, i) => {
        const number = i + 1
        const drawn = pages.find((p) => p.number === number)
        return (
          <figure key={number} className="pdf-page">
            <div className="pdf-canvas-wrap">
              <canvas
                ref={(canvas) => {
                  if (canvas) canvases.current[i] = canvas
                }}
                role="img"
                aria-label={`Page ${number} of ${pageCount}`}
              />
              {drawn && drawn === target
                ? boxes.map((box, b) => (
                    <div
                      // biome-ignore lint/suspicious/noArrayIndexKey: a value's boxes have only their order
                      key={b}
                      ref={b === 0 ? mark : undefined}
                      className="pdf-highlight"
                      data-testid="pdf-highlight"
                      style={percent(box, drawn)}
                    />
                  ))
                : null}
            </div>
            <figcaption className="muted small">
              Page {number} of {pageCount}
            </figcaption>
          </figure>
        )
      })}
      {pageCount !== undefined && pageCount > MAX_PAGES ? (
        <p className="muted">The first {MAX_PAGES} pages are shown; download the file for the rest.</p>
      ) : null}
    </div>
  )
}

/** The bytes are here already: the browser's own viewer can open them while pdf.js is stuck. */
function SlowOpen({ bytes, retry, name }: { bytes: ArrayBuffer; retry: () => void; name?: string }) {
  const [href, setHref] = useState<string>()
  useEffect(() => {
    const url = URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }))
    setHref(url)
    return () => URL.revokeObjectURL(url)
  }, [bytes])
  return (
    <div role="status" className="pdf-slow">
      <p>This PDF is taking a long time to open.</p>
      <button type="button" onClick={retry}>
        Try again
      </button>{' '}
      {href ? (
        <a href={href} download={name ?? 'document.pdf'}>
          Save the file instead
        </a>
      ) : null}
    </div>
  )
}
