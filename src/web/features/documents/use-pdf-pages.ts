import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy } from 'pdfjs-dist'
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url'
import { useEffect, useRef, useState } from 'react'
import { type PageLayout, pageLayout, type TextItem } from './text-positions'

GlobalWorkerOptions.workerSrc = workerUrl

/** The rest of a long file is a download away. */
export const MAX_PAGES = 20
/** pdf.js can wait for ever on a worker that never answers: past this, the reader is offered a way out. */
export const SLOW_OPEN_MS = 15_000
const SCALE = 1.5

export type RenderedPage = {
  number: number
  width: number
  height: number
  layout: PageLayout
  items: TextItem[]
  viewport: { transform: number[]; scale: number }
}

/** The file's scripts and forms are never run. */
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

export function usePdfPages(bytes: ArrayBuffer) {
  const [pageCount, setPageCount] = useState<number>()
  const [pages, setPages] = useState<RenderedPage[]>([])
  const [problem, setProblem] = useState<string>()
  const [slow, setSlow] = useState(false)
  const [attempt, setAttempt] = useState(0)
  const canvases = useRef<HTMLCanvasElement[]>([])
  const [pdf, setPdf] = useState<PDFDocumentProxy>()

  useEffect(() => {
    void attempt
    setSlow(false)
    const timer = setTimeout(() => setSlow(true), SLOW_OPEN_MS)
    // pdf.js takes the buffer over, so it gets a copy and the query's bytes stay whole
    const task = getDocument({
      data: new Uint8Array(bytes.slice(0)),
      isEvalSupported: false,
      enableXfa: false,
    })
    task.promise
      .then(
        (document) => {
          setPdf(document)
          setPageCount(document.numPages)
        },
        (error: Error) => setProblem(`This PDF could not be shown: ${error.message}`),
      )
      .finally(() => clearTimeout(timer))
    return () => {
      clearTimeout(timer)
      void task.destroy()
    }
  }, [bytes, attempt])

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

  const retry = () => setAttempt((n) => n + 1)
  return { pageCount, pages, problem, canvases, slow: slow && pageCount === undefined, retry }
}
