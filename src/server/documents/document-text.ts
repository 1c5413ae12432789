import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { checkInflatedSize } from './inflated-size'
import { formatCount, READING_LIMITS, type ReadingLimits, TooComplexError } from './too-complex'
import { UnreadableError } from './unreadable'

type TextItem = { str?: string; hasEOL?: boolean; transform?: number[] }

function appendPieces(text: string, items: TextItem[], state: { lastY?: number }) {
  let out = text
  for (const item of items) {
    if (item.str === undefined) continue
    const y = item.transform?.[5]
    if (out && !out.endsWith('\n') && y !== undefined && state.lastY !== undefined)
      out += Math.abs(y - state.lastY) > 2 ? '\n' : '  '
    out += item.str
    if (item.hasEOL) out += '\n'
    if (y !== undefined) state.lastY = y
  }
  return out
}

function textBudget(limits: ReadingLimits) {
  let characters = 0
  let pieces = 0
  return (items: TextItem[]) => {
    pieces += items.length
    for (const item of items) characters += item.str?.length ?? 0
    if (pieces > limits.textPieces)
      throw new TooComplexError(`more than ${formatCount(limits.textPieces)} pieces of text`)
    if (characters > limits.textCharacters)
      throw new TooComplexError(`more than ${formatCount(limits.textCharacters)} characters of text`)
  }
}

async function pdfText(bytes: Uint8Array, limits: ReadingLimits) {
  await checkInflatedSize(bytes, limits.inflatedBytes)
  const pdf = await getDocument({
    data: new Uint8Array(bytes),
    verbosity: 0,
    isEvalSupported: false,
    enableXfa: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
  }).promise.catch((error: unknown) => {
    throw new UnreadableError(error)
  })
  const spend = textBudget(limits)
  try {
    const pages: string[] = []
    for (let number = 1; number <= Math.min(pdf.numPages, limits.pages); number++) {
      const reader = (await pdf.getPage(number)).streamTextContent().getReader()
      const state: { lastY?: number } = {}
      let text = ''
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        const items = chunk.value.items as TextItem[]
        try {
          spend(items)
        } catch (error) {
          await reader.cancel()
          throw error
        }
        text = appendPieces(text, items, state)
      }
      pages.push(text.replaceAll(/\n{2,}/g, '\n'))
    }
    return pages
  } finally {
    await pdf.destroy()
  }
}

/** Quayside reads no pictures. CPU-bound: run it in a reading thread. */
export async function documentText(
  bytes: Uint8Array,
  contentType: string,
  limits: ReadingLimits = READING_LIMITS,
): Promise<string[]> {
  if (contentType.startsWith('text/')) {
    if (bytes.byteLength > limits.textCharacters * 4)
      throw new TooComplexError(`more than ${formatCount(limits.textCharacters)} characters of text`)
    const text = new TextDecoder().decode(bytes)
    if (text.length > limits.textCharacters)
      throw new TooComplexError(`more than ${formatCount(limits.textCharacters)} characters of text`)
    return [text]
  }
  if (contentType !== 'application/pdf') return []
  return pdfText(bytes, limits)
}
