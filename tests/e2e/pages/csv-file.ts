import { readFile } from 'node:fs/promises'
import { parse } from 'csv-parse/sync'

/** A downloaded CSV file as its header and rows, read by an RFC 4180 parser: cells may hold commas, quotes and line breaks. */
export async function readCsv(path: string) {
  const [header, ...rows] = parse(await readFile(path, 'utf8'), { record_delimiter: '\r\n' }) as string[][]
  const column = (name: string) => {
    const index = header.indexOf(name)
    if (index < 0) throw new Error(`The CSV has no column "${name}": ${header.join(' | ')}`)
    return rows.map((row) => row[index])
  }
  return { header, rows, column }
}
