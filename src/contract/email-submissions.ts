import { z } from 'zod/mini'
import { listDocument, looseInteger, resource, singleDocument, timestamp, toMany, toOne } from './document'

export const EmailSubmissionSchema = resource(
  'email_submission',
  {
    subject: z.nullish(z.string()),
    body: z.nullish(z.string()),
    from: z.nullish(z.array(z.string())),
    to: z.nullish(z.array(z.string())),
    cc: z.nullish(z.array(z.string())),
    sent_at: z.nullish(timestamp),
    message_id: z.nullish(z.string()),
    in_reply_to: z.nullish(z.string()),
    references: z.nullish(z.array(z.string())),
    content_type: z.nullish(z.string()),
    /** Never shown without sanitizing. */
    html_body: z.nullish(z.string()),
    documents_count: z.nullish(looseInteger),
    created_at: z.nullish(timestamp),
    updated_at: z.nullish(timestamp),
  },
  {
    account: z.optional(toOne),
    user: z.optional(toOne),
    documents: z.optional(toMany),
    reply_to: z.optional(toOne),
    thread: z.optional(toMany),
  },
)
export type EmailSubmission = z.infer<typeof EmailSubmissionSchema>
export const EmailSubmissionDocumentSchema = singleDocument(EmailSubmissionSchema)
export const EmailSubmissionListDocumentSchema = listDocument(EmailSubmissionSchema)
