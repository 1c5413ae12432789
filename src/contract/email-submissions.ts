import { z } from 'zod'
import { listDocument, looseInteger, resource, singleDocument, timestamp, toMany, toOne } from './document'

export const EmailSubmissionSchema = resource(
  'email_submission',
  {
    subject: z.string().nullish(),
    body: z.string().nullish(),
    from: z.array(z.string()).nullish(),
    to: z.array(z.string()).nullish(),
    cc: z.array(z.string()).nullish(),
    sent_at: timestamp.nullish(),
    message_id: z.string().nullish(),
    in_reply_to: z.string().nullish(),
    references: z.array(z.string()).nullish(),
    content_type: z.string().nullish(),
    documents_count: looseInteger.nullish(),
    created_at: timestamp.nullish(),
    updated_at: timestamp.nullish(),
  },
  { account: toOne.optional(), user: toOne.optional(), documents: toMany.optional() },
)
export type EmailSubmission = z.infer<typeof EmailSubmissionSchema>
export const EmailSubmissionDocumentSchema = singleDocument(EmailSubmissionSchema)
export const EmailSubmissionListDocumentSchema = listDocument(EmailSubmissionSchema)
