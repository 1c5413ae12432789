import { deflateSync } from 'node:zlib'

/** One indirect object: its dictionary text, and a stream's bytes when it has one (written with /Length). */
export type RawObject = { dictionary: string; stream?: Uint8Array }

/**
 * A PDF written byte by byte: objects numbered from 1 in order, object 1 the catalog, a classic xref
 * table. Hostile files need what pdf-lib will not write: lying lengths, bombs and absurd tables.
 */
export function rawPdf(objects: RawObject[], options: { xrefExtra?: string; trailerSize?: number } = {}) {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')]
  let length = parts[0].length
  const offsets: number[] = []
  const push = (part: Buffer) => {
    parts.push(part)
    length += part.length
  }
  objects.forEach((object, index) => {
    offsets.push(length)
    const dictionary = object.stream
      ? object.dictionary.replace(/>>\s*$/, ` /Length ${object.stream.length} >>`)
      : object.dictionary
    push(Buffer.from(`${index + 1} 0 obj\n${dictionary}\n`, 'latin1'))
    if (object.stream) {
      push(Buffer.from('stream\n'))
      push(Buffer.from(object.stream))
      push(Buffer.from('\nendstream\n'))
    }
    push(Buffer.from('endobj\n'))
  })
  const xrefAt = length
  const entries = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')
  push(Buffer.from(`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${entries}`, 'latin1'))
  if (options.xrefExtra) push(Buffer.from(options.xrefExtra, 'latin1'))
  const size = options.trailerSize ?? objects.length + 1
  push(Buffer.from(`trailer\n<< /Size ${size} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`))
  return new Uint8Array(Buffer.concat(parts))
}

/** A one-page PDF whose page draws `content` (a content stream, deflated) in Helvetica. */
export function onePagePdf(content: string | Uint8Array, extra: { catalog?: string; page?: string } = {}) {
  const bytes = typeof content === 'string' ? Buffer.from(content, 'latin1') : content
  return rawPdf([
    { dictionary: `<< /Type /Catalog /Pages 2 0 R ${extra.catalog ?? ''} >>` },
    { dictionary: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
    {
      dictionary: `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> ${extra.page ?? ''} >>`,
    },
    { dictionary: '<< /Filter /FlateDecode >>', stream: deflateSync(bytes, { level: 9 }) },
    { dictionary: '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>' },
  ])
}
