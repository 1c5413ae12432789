import { getDocumentProxy } from 'unpdf'

type TextItem = { str: string; hasEOL?: boolean; transform?: number[] }

/** A PDF page's text in reading order: lines on separate lines, pieces on one line two spaces apart. */
function pageText(items: TextItem[]) {
  let text = ''
  let lastY: number | undefined
  for (const item of items) {
    const y = item.transform?.[5]
    if (text && !text.endsWith('\n') && y !== undefined && lastY !== undefined)
      text += Math.abs(y - lastY) > 2 ? '\n' : '  '
    text += item.str
    if (item.hasEOL) text += '\n'
    if (y !== undefined) lastY = y
  }
  return text.replaceAll(/\n{2,}/g, '\n')
}

/** Most pages read from one document; the rest of a longer file is left unread. */
const MAX_PAGES = 50

/** The text of each page of a file: a PDF's text layer, a text file as one page, nothing from an image. */
export async function documentText(bytes: Uint8Array, contentType: string): Promise<string[]> {
  if (contentType.startsWith('text/')) return [new TextDecoder().decode(bytes)]
  if (contentType !== 'application/pdf') return []
  const pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0, isEvalSupported: false })
  try {
    const pages: string[] = []
    for (let number = 1; number <= Math.min(pdf.numPages, MAX_PAGES); number++) {
      const page = await pdf.getPage(number)
      pages.push(pageText((await page.getTextContent()).items as TextItem[]))
    }
    return pages
  } finally {
    await pdf.destroy()
  }
}
