import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'

const VERSION = 'v1'

/** AES-256-GCM under a key from SECRET_KEY, never stored: a copy of the database alone gives nothing away. */
export function secretBox(passphrase: string) {
  const key = createHash('sha256').update(`quayside-secret-box:${passphrase}`).digest()
  return {
    seal(plain: string) {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      return [VERSION, iv, cipher.getAuthTag(), body]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.')
    },
    /** Undefined when sealed under another key or tampered with. */
    open(sealed: string): string | undefined {
      const [version, iv, tag, body] = sealed.split('.')
      if (version !== VERSION || !iv || !tag || body === undefined) return undefined
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
        decipher.setAuthTag(Buffer.from(tag, 'base64url'))
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
          'utf8',
        )
      } catch {
        return undefined
      }
    },
  }
}
export type SecretBox = ReturnType<typeof secretBox>
