import { constants, createDeflate, deflateSync } from 'node:zlib'
import { onePagePdf, rawPdf } from './raw-pdf'

/**
 * A file sent to stop the server: what it is, its bytes (made on demand, some are large to make), and how
 * its reading may end. Every one must end read or refused in words, never with the server frozen.
 */
export type HostileDocument = {
  name: string
  fileName: string
  contentType: string
  bytes: () => Promise<Uint8Array>
  /**
   * How its first reading may end: read (perhaps finding nothing), or failed for good: "too large or too
   * complex" past a limit, "could not be read" when pdf.js cannot open it (`pending`: an error worth
   * retrying, in a thread, five times at most).
   */
  ends: ('done' | 'failed' | 'pending')[]
}

// each piece drawn where the line starts, so all of it stays on the page (pdf.js drops text off the page)
const textOperators = (count: number) => `BT /F1 10 Tf 40 700 Td ${'(bol ) Tj 0 0 Td '.repeat(count / 2)}ET`

/** 1 GB of spaces deflated at the highest level: about 1 MB, streamed so it is never whole in memory. */
async function deflatedGigabyte() {
  const deflate = createDeflate({ level: 9, memLevel: 9, strategy: constants.Z_DEFAULT_STRATEGY })
  const chunks: Buffer[] = []
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise((resolve) => deflate.on('end', resolve))
  const block = Buffer.alloc(16 * 1024 * 1024, 0x20)
  for (let written = 0; written < 1024 * 1024 * 1024; written += block.length)
    if (!deflate.write(block)) await new Promise((resolve) => deflate.once('drain', resolve))
  deflate.end()
  await done
  return new Uint8Array(Buffer.concat(chunks))
}

let bomb: Promise<Uint8Array> | undefined
const deflateBomb = () => {
  bomb ??= deflatedGigabyte().then((stream) =>
    rawPdf([
      { dictionary: '<< /Type /Catalog /Pages 2 0 R >>' },
      { dictionary: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
      { dictionary: '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>' },
      { dictionary: '<< /Filter /FlateDecode >>', stream },
    ]),
  )
  return bomb
}

/** A catalog entry nested `depth` arrays and dictionaries deep, and a content stream of nested arrays. */
function deepNesting(depth: number) {
  const nested = `${'[<< /A '.repeat(depth)}1${' >>]'.repeat(depth)}`
  return onePagePdf(`${'['.repeat(depth)}${']'.repeat(depth)} BT /F1 10 Tf (deep) Tj ET`, {
    catalog: `/Deep ${nested}`,
  })
}

/** A real xref section followed by a subsection that says it holds millions of entries, and 100,000 that are there. */
function hugeXref() {
  const entries = '0000000000 00000 f \n'.repeat(100_000)
  return rawPdf(
    [
      { dictionary: '<< /Type /Catalog /Pages 2 0 R >>' },
      { dictionary: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
      { dictionary: '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>' },
      {
        dictionary: '<< /Filter /FlateDecode >>',
        stream: deflateSync(Buffer.from('BT /F1 10 Tf (xref) Tj ET')),
      },
    ],
    { xrefExtra: `6 50000000\n${entries}`, trailerSize: 50_000_006 },
  )
}

const javascriptPdf = () =>
  onePagePdf('BT /F1 10 Tf 40 700 Td (Invoice) Tj ET', {
    catalog:
      '/OpenAction << /S /JavaScript /JS (while (true) {}) >> /Names << /JavaScript << /Names [(x) << /S /JavaScript /JS (for(;;){}) >>] >> >>',
    page: '/AA << /O << /S /JavaScript /JS (app.alert(1)) >> >>',
  })

/** A PNG whose header claims 100,000 by 100,000 pixels (40 GB decoded) with one tiny deflated row of data. */
function hugePng() {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    return c >>> 0
  })
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8)
    return (c ^ 0xffffffff) >>> 0
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const out = Buffer.alloc(body.length + 8)
    out.writeUInt32BE(data.length, 0)
    body.copy(out, 4)
    out.writeUInt32BE(crc(body), body.length + 4)
    return out
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(100_000, 0)
  header.writeUInt32BE(100_000, 4)
  header.set([8, 6, 0, 0, 0], 8)
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(Buffer.alloc(4096))),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  )
}

/** A PDF page that paints an image XObject declared 100,000 by 100,000 pixels. */
const hugeImagePdf = () =>
  rawPdf([
    { dictionary: '<< /Type /Catalog /Pages 2 0 R >>' },
    { dictionary: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
    {
      dictionary:
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /XObject << /Im1 5 0 R >> >> >>',
    },
    { dictionary: '<< >>', stream: Buffer.from('q 612 0 0 792 0 0 cm /Im1 Do Q') },
    {
      dictionary:
        '<< /Type /XObject /Subtype /Image /Width 100000 /Height 100000 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode >>',
      stream: deflateSync(Buffer.alloc(1024 * 1024)),
    },
  ])

const pdf = (name: string, bytes: () => Uint8Array | Promise<Uint8Array>, ends: HostileDocument['ends']) => ({
  name,
  fileName: `${name.replaceAll(/\W+/g, '-')}.pdf`,
  contentType: 'application/pdf',
  bytes: async () => bytes(),
  ends,
})

/**
 * The hostile corpus: each case from issue 26 and more. Reusable by any way in (upload, mail over HTTP,
 * SMTP); `bytes()` of the deflate bomb takes a few seconds the first time.
 */
export const HOSTILE_DOCUMENTS: HostileDocument[] = [
  pdf('20,000 text operators', () => onePagePdf(textOperators(20_000)), ['done', 'failed']),
  pdf('a million text operators', () => onePagePdf(textOperators(1_000_000)), ['failed']),
  pdf('deflate bomb, 1 MB to 1 GB', deflateBomb, ['failed']),
  pdf('nesting 50,000 deep', () => deepNesting(50_000), ['failed']),
  pdf('xref of 50 million entries', hugeXref, ['done', 'failed', 'pending']),
  pdf('JavaScript that never ends', javascriptPdf, ['done']),
  pdf('image of 100,000 by 100,000 pixels', hugeImagePdf, ['done']),
  {
    name: 'PNG of 100,000 by 100,000 pixels',
    fileName: 'huge.png',
    contentType: 'image/png',
    bytes: async () => hugePng(),
    ends: ['done'],
  },
  {
    name: "160 KB of 'bol '",
    fileName: 'bol.txt',
    contentType: 'text/plain',
    bytes: async () => new Uint8Array(Buffer.from('bol '.repeat(40_000))),
    ends: ['done'],
  },
]
