// a text starting = + - @ is defused so a spreadsheet never runs it as a formula; a number is not ('-3 reads as text)
export function csvCell(value: string | number | null | undefined) {
  if (value === null || value === undefined) return ''
  let text = String(value)
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

export const csvRow = (cells: (string | number | null | undefined)[]) => cells.map(csvCell).join(',')

function downloadCsv(lines: string[], name: string) {
  const url = URL.createObjectURL(new Blob([`${lines.join('\r\n')}\r\n`], { type: 'text/csv;charset=utf-8' }))
  const link = document.createElement('a')
  link.href = url
  link.download = name
  link.click()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/** Answers how many lines it wrote, or undefined when `cancelled()`. */
export async function exportPages({
  header,
  page,
  name,
  onProgress,
  cancelled,
}: {
  header: string[]
  page: (number: number) => Promise<{ lines: string[]; total?: number; more: boolean }>
  name: string
  onProgress: (done: number, total: number | undefined) => void
  cancelled: () => boolean
}) {
  const lines = [csvRow(header)]
  for (let number = 1; ; number++) {
    const result = await page(number)
    if (cancelled()) return undefined
    lines.push(...result.lines)
    onProgress(lines.length - 1, result.total)
    const more = result.total !== undefined ? lines.length - 1 < result.total : result.more
    if (!more || result.lines.length === 0) break
  }
  downloadCsv(lines, name)
  return lines.length - 1
}
