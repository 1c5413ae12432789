import type { Address } from 'postal-mime'
import { parseInWorker } from './parse-in-worker'

export type MessageAttachment = {
  fileName: string | null
  claimedType: string
  bytes: Uint8Array
  inline: boolean
}

export type ParsedMessage = {
  subject: string
  from: string[]
  to: string[]
  cc: string[]
  sentAt: Date | null
  messageId: string | null
  inReplyTo: string | null
  references: string[]
  contentType: string | null
  text: string | null
  html: string | null
  attachments: MessageAttachment[]
}

const MAX_NESTING = 32
/** Smaller ones take a few milliseconds here. */
const IN_WORKER_FROM_BYTES = 512 * 1024

/** PostgreSQL text cannot hold NUL; mail from anywhere may. */
const withoutNul = (text: string) => text.replaceAll('\u0000', '\ufffd')
const textOrNull = (text: string | undefined) => (text?.trim() ? withoutNul(text) : null)

const withoutControls = (text: string) =>
  [...text]
    .map((char) => (char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f ? ' ' : char))
    .join('')
    .trim()

const addresses = (list: Address | Address[] | undefined): string[] =>
  (Array.isArray(list) ? list : list ? [list] : [])
    .flatMap((entry) => (entry.group ? entry.group : [entry]))
    .map((mailbox) => withoutControls(mailbox.address ?? '').toLowerCase())
    .filter(Boolean)

const messageIds = (raw: string | undefined) =>
  (raw?.match(/<[^<>\s]{1,250}>/g) ?? []).filter((id) => !id.includes('\u0000')).slice(0, 100)

const dateOf = (raw: string | undefined) => {
  if (!raw) return null
  const date = new Date(raw)
  return Number.isNaN(date.getTime()) ? null : date
}

const toBytes = (content: ArrayBuffer | Uint8Array | string) =>
  typeof content === 'string'
    ? new TextEncoder().encode(content)
    : content instanceof Uint8Array
      ? content
      : new Uint8Array(content)

const topContentType = (headers: { key: string; value: string }[]) =>
  headers
    .find((h) => h.key === 'content-type')
    ?.value.split(';')[0]
    .trim()
    .toLowerCase() ?? null

/** Refused, never half kept. */
export class UnreadableMessage extends Error {}

async function parse(raw: Uint8Array) {
  try {
    const options = { attachmentEncoding: 'arraybuffer', maxNestingDepth: MAX_NESTING } as const
    return raw.byteLength >= IN_WORKER_FROM_BYTES
      ? await parseInWorker(raw, options)
      : await (await import('postal-mime')).default.parse(raw, options)
  } catch (error) {
    throw new UnreadableMessage(`The message could not be read: ${(error as Error).message}`)
  }
}

export async function parseMessage(raw: Uint8Array): Promise<ParsedMessage> {
  const email = await parse(raw)
  const html = textOrNull(email.html)
  return {
    subject: withoutControls(email.subject ?? '').slice(0, 1000),
    from: addresses(email.from),
    to: addresses(email.to),
    cc: addresses(email.cc),
    sentAt: dateOf(email.date),
    messageId: messageIds(email.messageId)[0] ?? null,
    inReplyTo: messageIds(email.inReplyTo)[0] ?? null,
    references: messageIds(email.references),
    contentType: withoutControls(topContentType(email.headers) ?? '').slice(0, 200) || null,
    text: textOrNull(email.text),
    html,
    attachments: email.attachments.map((attachment) => ({
      fileName: attachment.filename,
      claimedType: attachment.mimeType,
      bytes: toBytes(attachment.content),
      inline: Boolean(
        attachment.contentId &&
          attachment.disposition !== 'attachment' &&
          html?.includes(`cid:${attachment.contentId.replace(/^<|>$/g, '')}`),
      ),
    })),
  }
}

export function looksLikeMessage(raw: Uint8Array) {
  const head = new TextDecoder('latin1').decode(raw.subarray(0, 8192))
  const end = head.search(/\r?\n\r?\n/)
  const headers = end < 0 ? head : head.slice(0, end)
  return (
    /^[!-9;-~]+:/m.test(headers) &&
    /^(from|to|subject|date|message-id|mime-version|received):/im.test(headers)
  )
}
