import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy } from 'pdfjs-dist'
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url'
import { useEffect, useRef, useState } from 'react'
import { type Box, type PageLayout, pageLayout, pieceBox, spanPieces, type TextItem } from './text-positions'

GlobalWorkerOptions.workerSrc = workerUrl

/** The most pages drawn: the rest of a long file is a download away. */
const MAX_PAGES = 20
const SCALE = 1.5

export type Highlight = { page: number; start: number; end: number; text: string }

type RenderedPage = {
  number: number
  width: number
  height: number
  layout: PageLayout
  items: TextItem[]
  viewport: { transform: number[]; scale: number }
}

/** Draws each page to a canvas (the file's scripts and forms are never run) and reads its text positions. */
async function drawPages(pdf: PDFDocumentProxy, canvases: HTMLCanvasElement[], signal: AbortSignal) {
  const pages: RenderedPage[] = []
  for (let number = 1; number <= Math.min(pdf.numPages, MAX_PAGES); number++) {
    if (signal.aborted) break
    const page = await pdf.getPage(number)
    const viewport = page.getViewport({ scale: SCALE })
    const canvas = canvases[number - 1]
    if (!canvas) break
    canvas.width = Math.floor(viewport.width)
    canvas.height = Math.floor(viewport.height)
    await page.render({ canvas, viewport }).promise
    const items: TextItem[] = (await page.getTextContent()).items.flatMap((i) => ('str' in i ? [i] : []))
    pages.push({
      number,
      width: viewport.width,
      height: viewport.height,
      layout: pageLayout(items),
      items,
      viewport: { transform: viewport.transform, scale: viewport.scale },
    })
  }
  return pages
}

const percent = (box: Box, page: RenderedPage) => ({
  left: `${(box.left / page.width) * 100}%`,
  top: `${(box.top / page.height) * 100}%`,
  width: `${(box.width / page.width) * 100}%`,
  height: `${(box.height / page.height) * 100}%`,
})

/** A PDF's pages drawn in the browser, with the place a chosen value was read from marked on its page. */
export function PdfPreview({ bytes, highlight }: { bytes: ArrayBuffer; highlight?: Highlight }) {
  const [pageCount, setPageCount] = useState<number>()
  const [pages, setPages] = useState<RenderedPage[]>([])
  const [problem, setProblem] = useState<string>()
  const canvases = useRef<HTMLCanvasElement[]>([])
  const mark = useRef<HTMLDivElement>(null)
  const [pdf, setPdf] = useState<PDFDocumentProxy>()

  useEffect(() => {
    // pdf.js takes the buffer over, so it gets a copy and the query's bytes stay whole
    const task = getDocument({
      data: new Uint8Array(bytes.slice(0)),
      isEvalSupported: false,
      enableXfa: false,
    })
    task.promise.then(
      (document) => {
        setPdf(document)
        setPageCount(document.numPages)
      },
      (error: Error) => setProblem(`This PDF could not be shown: ${error.message}`),
    )
    return () => void task.destroy()
  }, [bytes])

  useEffect(() => {
    if (!pdf || pageCount === undefined) return
    const controller = new AbortController()
    drawPages(pdf, canvases.current, controller.signal).then(
      (drawn) => !controller.signal.aborted && setPages(drawn),
      (error: Error) =>
        !controller.signal.aborted && setProblem(`A page could not be drawn: ${error.message}`),
    )
    return () => controller.abort()
  }, [pdf, pageCount])

  const target = highlight ? pages.find((p) => p.number === highlight.page) : undefined
  const boxes =
    target && highlight
      ? spanPieces(target.layout, highlight.start, highlight.end, highlight.text).map((piece) =>
          pieceBox(target.items[piece.index], piece, target.viewport),
        )
      : []

  // a newly marked value scrolls into view once, not at every render (the page polls while reading)
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
