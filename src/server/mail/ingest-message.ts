import { cleanFileName, fileKindOf } from '../documents/file-kind'
import { type BlobRef, type BlobStore, slices } from '../storage/blob-store'
import type { Storage, Stores } from '../storage/storage'
import { type MessageAttachment, parseMessage } from './parse-message'

/** The rest are left in the raw message. */
const MAX_DOCUMENTS = 50

export type IngestedMessage = { submissionId: string; duplicate: boolean; documentIds: string[] }

async function documentFiles(blobs: BlobStore, attachments: MessageAttachment[]) {
  const files = []
  const seen = new Set<string>()
  for (const [index, attachment] of attachments.entries()) {
    if (attachment.inline || attachment.bytes.byteLength === 0) continue
    const kind = await fileKindOf(attachment.bytes, attachment.claimedType)
    if (!kind.kept) continue
    const blob = await blobs.put(slices(attachment.bytes))
    if (seen.has(blob.sha256)) continue
    seen.add(blob.sha256)
    const fileName = cleanFileName(
      attachment.fileName,
      `attachment-${index + 1}${kind.extension ? `.${kind.extension}` : ''}`,
    )
    files.push({ fileName, contentType: kind.contentType, blob })
    if (files.length === MAX_DOCUMENTS) break
  }
  return files
}

async function readMessage(blobs: BlobStore, raw: BlobRef, bytes: Uint8Array) {
  const message = await parseMessage(bytes)
  return { raw, message, files: await documentFiles(blobs, message.attachments) }
}

async function keep(
  stores: Stores,
  accountId: string,
  read: Awaited<ReturnType<typeof readMessage>>,
  receivedAt?: Date,
) {
  const { raw, message, files } = read
  await stores.mail.keepBlob(accountId, raw)
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
    raw_sha256: raw.sha256,
    ...(receivedAt ? { created_at: receivedAt, updated_at: receivedAt } : {}),
  })
  if (message.messageId) await stores.mail.adoptReplies(accountId, submissionId, message.messageId)
  for (const file of files) await stores.mail.keepBlob(accountId, file.blob)
  const documents = await stores.documents.createInOrder(
    files.map((file) => ({
      account_id: accountId,
      email_submission_id: submissionId,
      name: file.fileName,
      source: 'email',
      file_name: file.fileName,
      file_content_type: file.contentType,
      file_size_bytes: file.blob.size,
      file_sha256: file.blob.sha256,
    })),
  )
  const documentIds = documents.map((document) => document.id)
  await stores.documents.queueExtraction(accountId, documentIds)
  return { submissionId, duplicate: false, documentIds }
}

/** Inside the caller's transaction (the demo's load, which says when each message arrived). */
export async function receiveMessage(
  stores: Stores,
  accountId: string,
  bytes: Uint8Array,
  receivedAt?: Date,
) {
  const raw = await stores.blobs.put(slices(bytes))
  return keep(stores, accountId, await readMessage(stores.blobs, raw, bytes), receivedAt)
}

/** The same raw message twice is one submission, so a retry after a lost reply duplicates nothing. */
export async function ingestMessage(
  storage: Storage,
  accountId: string,
  raw: BlobRef,
  /** A message submitted by a caller is audited in the transaction that keeps it. */
  record?: (stores: Stores, kept: IngestedMessage) => Promise<void>,
): Promise<IngestedMessage> {
  const known = await storage.mail.submissionByRaw(accountId, raw.sha256)
  if (known) return { submissionId: known, duplicate: true, documentIds: [] }
  const bytes = await storage.blobs.read(raw.sha256)
  if (!bytes) throw new Error(`The message ${raw.sha256} is not in the blob store`)
  // read before the transaction, so parsing holds no connection
  const read = await readMessage(storage.blobs, raw, bytes)
  try {
    return await storage.transaction(async (stores) => {
      const kept = await keep(stores, accountId, read)
      await record?.(stores, kept)
      return kept
    })
  } catch (error) {
    // the same message delivered twice at once: the other delivery kept it
    const kept = await storage.mail.submissionByRaw(accountId, raw.sha256)
    if (kept) return { submissionId: kept, duplicate: true, documentIds: [] }
    throw error
  }
}
