export type SignatureCheck = { signedContent: string; expected: string; matches: boolean }

const toBase64 = (bytes: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(bytes)))

async function hmacBase64(secret: string, content: string) {
  const encoder = new TextEncoder()
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  )
  return toBase64(await crypto.subtle.sign('HMAC', key, encoder.encode(content)))
}

/** Standard Webhooks: `id.timestamp.body` keyed by the secret's UTF-8 bytes; any of several signatures may match. */
export async function checkSignature(input: {
  secret: string
  id: string
  timestamp: string
  body: string
  signatureHeader: string
}): Promise<SignatureCheck> {
  const signedContent = `${input.id.trim()}.${input.timestamp.trim()}.${input.body}`
  const expected = `v1,${await hmacBase64(input.secret, signedContent)}`
  const given = input.signatureHeader.split(/\s+/).filter(Boolean)
  return { signedContent, expected, matches: given.includes(expected) }
}
