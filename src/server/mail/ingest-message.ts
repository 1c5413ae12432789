import { createHash } from 'node:crypto'
import { cleanFileName, fileKindOf } from '../documents/file-kind'
import type { Storage, Stores } from '../storage/storage'
import { type MessageAttachment, parseMessage } from './parse-message'

/** Most attachments one message turns into documents; the rest are left in the raw message. */
const MAX_DOCUMENTS = 50

export type IngestedMessage = { submissionId: string; duplicate: boolean; documentIds: string[] }

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

/** The attachments that become documents: files people attached, of a kind Quayside keeps, each once. */
async function documentFiles(attachments: MessageAttachment[]) {
  const files = []
  const seen = new Set<string>()
  for (const [index, attachment] of attachments.entries()) {
    if (attachment.inline || attachment.bytes.byteLength === 0) continue
    const kind = await fileKindOf(attachment.bytes, attachment.claimedType)
    const hash = sha256(attachment.bytes)
    if (!kind.kept || seen.has(hash)) continue
    seen.add(hash)
    const fileName = cleanFileName(
      attachment.fileName,
      `attachment-${index + 1}${kind.extension ? `.${kind.extension}` : ''}`,
    )
    files.push({ fileName, contentType: kind.contentType, bytes: attachment.bytes, sha256: hash })
    if (files.length === MAX_DOCUMENTS) break
  }
  return files
}

/** A message read and its files picked, before anything is written. */
async function readMessage(raw: Uint8Array) {
  const message = await parseMessage(raw)
  return { raw, rawSha256: sha256(raw), message, files: await documentFiles(message.attachments) }
}

async function keep(
  stores: Stores,
  accountId: string,
  read: Awaited<ReturnType<typeof readMessage>>,
  receivedAt?: Date,
) {
  const { raw, rawSha256, message, files } = read
  await stores.mail.keepBlob(accountId, rawSha256, raw)
  const parentIds = [message.inReplyTo, ...message.references.toReversed()].filter((id) => id !== null)
  const submissionId = await stores.mail.insertSubmission({
    account_id: accountId,
    subject: message.subject,
    body: message.text,
    html_body: message.html,
    from: message.from,
    to: message.to,
    cc: message.cc,
    sent_at: message.sentAt,
    message_id: message.messageId,
    in_reply_to: message.inReplyTo,
    references: message.references,
    content_type: message.contentType,
    reply_to_submission_id: (await stores.mail.submissionByMessageIds(accountId, parentIds)) ?? null,
    raw_sha256: rawSha256,
    ...(receivedAt ? { created_at: receivedAt, updated_at: receivedAt } : {}),
  })
  if (message.messageId) await stores.mail.adoptReplies(accountId, submissionId, message.messageId)
  for (const file of files) await stores.mail.keepBlob(accountId, file.sha256, file.bytes)
  const documents = await stores.documents.createInOrder(
    files.map((file) => ({
      account_id: accountId,
      email_submission_id: submissionId,
      name: file.fileName,
      source: 'email',
      file_name: file.fileName,
      file_content_type: file.contentType,
      file_size_bytes: file.bytes.byteLength,
      file_sha256: file.sha256,
    })),
  )
  const documentIds = documents.map((document) => document.id)
  await stores.documents.queueExtraction(accountId, documentIds)
  return { submissionId, duplicate: false, documentIds }
}

/**
 * Keeps a message for an account on these stores, inside the caller's transaction (the demo's load, which
 * says when each message arrived so the inbox does not show them all arriving at once).
 */
export async function receiveMessage(stores: Stores, accountId: string, raw: Uint8Array, receivedAt?: Date) {
  return keep(stores, accountId, await readMessage(raw), receivedAt)
}

/**
 * Keeps one inbound message for an account: the raw message, a submission with its headers and bodies linked
 * into its thread, and a document for each attachment (bytes kept once per checksum, queued to be read), all
 * in one transaction. The same raw message twice is one submission, so a sender that retries after a lost
 * reply duplicates nothing.
 */
export async function ingestMessage(
  storage: Storage,
  accountId: string,
  raw: Uint8Array,
): Promise<IngestedMessage> {
  const known = await storage.mail.submissionByRaw(accountId, sha256(raw))
  if (known) return { submissionId: known, duplicate: true, documentIds: [] }
  // read before the transaction, so a large or unreadable message holds no connection while it is parsed
  const read = await readMessage(raw)
  try {
    return await storage.transaction((stores) => keep(stores, accountId, read))
  } catch (error) {
    // the same message delivered twice at once: the other delivery kept it
    const kept = await storage.mail.submissionByRaw(accountId, read.rawSha256)
    if (kept) return { submissionId: kept, duplicate: true, documentIds: [] }
    throw error
  }
}
