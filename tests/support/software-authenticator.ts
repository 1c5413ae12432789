import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto'
import { isoCBOR } from '@simplewebauthn/server/helpers'

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url')
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest()
const UP = 0x01
const UV = 0x04
const AT = 0x40

type Origin = { rpId: string; origin: string }

/**
 * A passkey in Node: ES256 with attestation 'none', so the WebAuthn ceremonies can be driven without a
 * browser. `at` lets a test answer as another site would (a wrong origin) or repeat itself (a replay).
 */
export function softwareAuthenticator() {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const jwk = publicKey.export({ format: 'jwk' })
  const credentialId = randomBytes(16)
  let counter = 0
  let userHandle: string | undefined

  const clientData = (type: string, challenge: string, origin: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }))
  const flagsAndCount = (rpId: string, flags: number, count: number) => {
    const head = Buffer.alloc(37)
    sha256(rpId).copy(head, 0)
    head.writeUInt8(flags, 32)
    head.writeUInt32BE(count, 33)
    return head
  }

  return {
    id: b64(credentialId),
    get counter() {
      return counter
    },
    /** Answers `navigator.credentials.create` for these options. */
    register(options: { challenge: string; user: { id: string } }, at: Origin) {
      userHandle = options.user.id
      const cose = new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ])
      const idLength = Buffer.alloc(2)
      idLength.writeUInt16BE(credentialId.length)
      const authData = Buffer.concat([
        flagsAndCount(at.rpId, UP | UV | AT, counter),
        Buffer.alloc(16),
        idLength,
        credentialId,
        isoCBOR.encode(cose),
      ])
      const attestation = isoCBOR.encode(
        new Map<string, unknown>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]) as Parameters<typeof isoCBOR.encode>[0],
      )
      return {
        id: b64(credentialId),
        rawId: b64(credentialId),
        type: 'public-key',
        response: {
          clientDataJSON: b64(clientData('webauthn.create', options.challenge, at.origin)),
          attestationObject: b64(attestation),
          transports: ['internal'],
        },
        clientExtensionResults: {},
      }
    },
    /** Answers `navigator.credentials.get`; each answer counts up, as a real authenticator does. */
    authenticate(options: { challenge: string }, at: Origin, count = counter + 1) {
      counter = count
      const data = clientData('webauthn.get', options.challenge, at.origin)
      const authData = flagsAndCount(at.rpId, UP | UV, count)
      const signature = sign('sha256', Buffer.concat([authData, sha256(data)]), privateKey)
      return {
        id: b64(credentialId),
        rawId: b64(credentialId),
        type: 'public-key',
        response: {
          clientDataJSON: b64(data),
          authenticatorData: b64(authData),
          signature: b64(signature),
          userHandle,
        },
        clientExtensionResults: {},
      }
    },
  }
}
