import { z } from 'zod/mini'
import { jsonObject, listDocument, openEnum, resource, singleDocument, timestamp } from './document'
import { ROLES } from './roles'

// the roles stay in their own module so the dashboard's first page carries them without these schemas
export { ROLE_LABELS, ROLES, type Role, roleAtLeast, rolesUpTo } from './roles'

const email = z.string().check(z.trim(), z.toLowerCase(), z.maxLength(254), z.email())
const personName = z.string().check(z.trim(), z.minLength(1), z.maxLength(100))
/** An IANA zone such as America/Los_Angeles. */
const timeZone = z.string().check(
  z.maxLength(64),
  z.refine((zone) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone })
      return true
    } catch {
      return false
    }
  }, 'Expected an IANA time zone such as America/Los_Angeles'),
)
/** Long enough to resist guessing; no upper rules a manager would add (NIST 800-63B). */
export const password = z.string().check(z.minLength(12), z.maxLength(256))

export const UserSchema = resource(
  'user',
  {
    first_name: z.nullish(z.string()),
    last_name: z.nullish(z.string()),
    email: z.nullish(z.string()),
    /** Null for a person named on a record who cannot sign in (a connected account's user). */
    role: z.nullish(openEnum(ROLES)),
    time_zone: z.nullish(z.string()),
    /** Only for the customer role: the one party whose shipments it sees. */
    party_id: z.nullish(z.string()),
    party_name: z.nullish(z.string()),
    has_password: z.nullish(z.boolean()),
    passkey_count: z.nullish(z.number()),
    created_at: z.nullish(timestamp),
    last_signed_in_at: z.nullish(timestamp),
  },
  {},
)
export type User = z.infer<typeof UserSchema>
export const UserDocumentSchema = singleDocument(UserSchema)
export const UserListDocumentSchema = listDocument(UserSchema)

export const UserUpdateSchema = z.object({
  data: z.object({
    type: z.literal('user'),
    id: z.optional(z.string()),
    attributes: z.strictObject({
      first_name: z.optional(personName),
      last_name: z.optional(z.nullable(personName)),
      role: z.optional(z.enum(ROLES)),
      time_zone: z.optional(timeZone),
      party_id: z.optional(z.nullable(z.uuid())),
    }),
  }),
})

export const InvitationSchema = resource(
  'invitation',
  {
    email: z.nullish(z.string()),
    role: z.nullish(openEnum(ROLES)),
    party_id: z.nullish(z.string()),
    /** Shown once, when made: the link to copy when no outbound mail is configured. */
    accept_url: z.nullish(z.string()),
    first_name: z.nullish(z.string()),
    last_name: z.nullish(z.string()),
    invited_by_name: z.nullish(z.string()),
    created_at: z.nullish(timestamp),
    expires_at: z.nullish(timestamp),
    accepted_at: z.nullish(timestamp),
    revoked_at: z.nullish(timestamp),
    state: z.nullish(openEnum(['pending', 'accepted', 'expired', 'revoked'])),
  },
  {},
)
export type Invitation = z.infer<typeof InvitationSchema>
export const InvitationDocumentSchema = singleDocument(InvitationSchema)
export const InvitationListDocumentSchema = listDocument(InvitationSchema)

export const InvitationCreateSchema = z.object({
  data: z.object({
    type: z.literal('invitation'),
    attributes: z.strictObject({
      email,
      role: z.enum(ROLES),
      first_name: z.optional(personName),
      last_name: z.optional(personName),
      party_id: z.optional(z.uuid()),
    }),
  }),
})

/** Sent to the gateway's public `/session/invitations/:token`, which holds no session yet. */
export const InvitationAcceptSchema = z.object({
  first_name: personName,
  last_name: z.optional(personName),
  password: z.optional(password),
  time_zone: z.optional(timeZone),
})

export const PasswordSignInSchema = z.object({ email, password: z.string().check(z.maxLength(256)) })
export const PasswordChangeSchema = z.object({
  current_password: z.optional(z.string().check(z.maxLength(256))),
  new_password: password,
})
export const PasswordResetSchema = z.object({ password })

/** 'oauth': an app the person authorised (OAuth 2.1), named "Authorised app: …". */
export const API_KEY_KINDS = ['account', 'personal', 'oauth'] as const
export const ApiKeySchema = resource(
  'api_key',
  {
    name: z.nullish(z.string()),
    kind: z.nullish(openEnum(API_KEY_KINDS)),
    role: z.nullish(openEnum(ROLES)),
    /** Shown once, when made. */
    token: z.nullish(z.string()),
    token_prefix: z.nullish(z.string()),
    user_id: z.nullish(z.string()),
    user_name: z.nullish(z.string()),
    created_at: z.nullish(timestamp),
    last_used_at: z.nullish(timestamp),
    expires_at: z.nullish(timestamp),
    revoked_at: z.nullish(timestamp),
  },
  {},
)
export type ApiKey = z.infer<typeof ApiKeySchema>
export const ApiKeyDocumentSchema = singleDocument(ApiKeySchema)
export const ApiKeyListDocumentSchema = listDocument(ApiKeySchema)

export const ApiKeyCreateSchema = z.object({
  data: z.object({
    type: z.literal('api_key'),
    attributes: z.strictObject({
      name: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
      role: z.enum(ROLES),
      expires_at: z.optional(z.iso.datetime({ offset: true })),
    }),
  }),
})

export const AUDIT_ACTOR_KINDS = ['user', 'key', 'system'] as const
export const AuditEventSchema = resource(
  'audit_event',
  {
    occurred_at: z.nullish(timestamp),
    action: z.nullish(z.string()),
    target_type: z.nullish(z.string()),
    target_id: z.nullish(z.string()),
    target_label: z.nullish(z.string()),
    actor_kind: z.nullish(openEnum(AUDIT_ACTOR_KINDS)),
    actor_id: z.nullish(z.string()),
    actor_name: z.nullish(z.string()),
    /** 'dashboard' for a signed-in person, 'api' for a key. */
    via: z.nullish(openEnum(['dashboard', 'api'])),
    address: z.nullish(z.string()),
    before: z.nullish(jsonObject),
    after: z.nullish(jsonObject),
  },
  {},
)
export type AuditEvent = z.infer<typeof AuditEventSchema>
export const AuditEventListDocumentSchema = listDocument(AuditEventSchema)
