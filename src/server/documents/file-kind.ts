const DOCUMENT_FILE_TYPES = new Set([
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/tiff',
  'image/webp',
  'text/plain',
  'text/csv',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
])

// Office 97-2003 files share one container format (CFB); the extension is the only hint file-type lacks
const CFB = 'application/x-cfb'

const isText = (bytes: Uint8Array) => {
  const sample = bytes.subarray(0, 64 * 1024)
  if (sample.includes(0)) return false
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(sample.subarray(0, lastCompleteChar(sample)))
    return true
  } catch {
    return false
  }
}

function lastCompleteChar(sample: Uint8Array) {
  let end = sample.length
  for (let back = 1; back <= 3 && end - back >= 0; back++) {
    const byte = sample[end - back]
    if ((byte & 0xc0) === 0x80) continue
    if (byte >= 0xc0) end -= back
    break
  }
  return end
}

const looksLikeCsv = (bytes: Uint8Array) => {
  const lines = new TextDecoder().decode(bytes.subarray(0, 4096)).split(/\r?\n/).slice(0, 5).filter(Boolean)
  const commas = lines.map((line) => line.split(',').length)
  return lines.length >= 2 && commas[0] > 1 && commas.every((n) => n === commas[0])
}

/** Never its name or the type its sender claimed; that type only tells old Word and Excel apart. */
export async function fileKindOf(bytes: Uint8Array, claimedType = '') {
  // loaded with the first file, not at every start
  const { fileTypeFromBuffer } = await import('file-type')
  const detected = await fileTypeFromBuffer(bytes)
  let contentType = detected?.mime as string | undefined
  if (contentType === CFB)
    contentType = /excel|spreadsheet/i.test(claimedType) ? 'application/vnd.ms-excel' : 'application/msword'
  if (!contentType && isText(bytes)) contentType = looksLikeCsv(bytes) ? 'text/csv' : 'text/plain'
  contentType ??= 'application/octet-stream'
  return { contentType, extension: detected?.ext, kept: DOCUMENT_FILE_TYPES.has(contentType) }
}

export const cleanFileName = (raw: string | null | undefined, fallback: string) =>
  [...(raw ?? '')]
    .filter((char) => char.charCodeAt(0) >= 0x20 && char.charCodeAt(0) !== 0x7f)
    .join('')
    .replace(/^.*[\\/]/, '')
    .trim()
    .slice(0, 200) || fallback
