/** RFC 8187 attr-char; encodeURIComponent also leaves ' ( ) * alone. */
const encodeExtValue = (value: string) =>
  encodeURIComponent(value).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)

/** RFC 6266: a header value must be Latin-1, so a non-ASCII name goes in `filename*`. */
export function attachmentDisposition(fileName: string) {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/gu, '_')
  const disposition = `attachment; filename="${ascii}"`
  return ascii === fileName ? disposition : `${disposition}; filename*=UTF-8''${encodeExtValue(fileName)}`
}
