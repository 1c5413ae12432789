/** RFC 8187 attr-char: what may stand unencoded in `filename*`; encodeURIComponent also leaves ' ( ) * alone. */
const encodeExtValue = (value: string) =>
  encodeURIComponent(value).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)

/**
 * `Content-Disposition: attachment` for a file name in any script (RFC 6266): `filename` in printable ASCII
 * for old clients (anything else becomes `_`), and `filename*` in UTF-8 when the name is not plain ASCII.
 * A header value must be Latin-1, so a Cyrillic or emoji name sent as it is throws in `Headers`.
 */
export function attachmentDisposition(fileName: string) {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/gu, '_')
  const disposition = `attachment; filename="${ascii}"`
  return ascii === fileName ? disposition : `${disposition}; filename*=UTF-8''${encodeExtValue(fileName)}`
}
