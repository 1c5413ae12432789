import { type Column, sql } from 'drizzle-orm'
import {
  bigserial,
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import type { AppointmentSource } from '../../contract/appointments'
import type { LfdSource } from '../../contract/lfd-sources'
import { ROLES } from '../../contract/people'
import type { ShipmentPlan } from '../tracking/voyage-plan'

const bytes = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' })
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })
const id = () => uuid('id').primaryKey().defaultRandom()
const createdAt = () => at('created_at').notNull().defaultNow()
const updatedAt = () => at('updated_at').notNull().defaultNow()
const account = () =>
  uuid('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' })
const strings = (name: string) => jsonb(name).$type<string[]>().notNull().default([])

export type Hold = { name: string; status: 'hold' | 'pending'; description: string | null }
export type Fee = { type: string; amount: number; currency_code: string }
/** A tier applies from its `from_day`, 1 being the first day past the last free day. */
export type DemurrageTariff = {
  currency: string
  free_days: number
  tiers: { from_day: number; per_day: number }[]
  /** Shown with every projection made from them. */
  source: string
}
/** A line's per diem for the empty (src/contract/detention-tariff.ts); `ports` is its lane, none the default. */
export type DetentionTariff = DemurrageTariff & { weekends_excluded: boolean; ports: string[] | null }
export type ImportDeadlines = {
  pickup_lfd_terminal: string | null
  pickup_lfd_rail: string | null
  pickup_lfd_line: string | null
}

/** Ports by UN/LOCODE, times in epoch ms. */
export type SailingLeg = {
  vessel: { id: string; name: string; imo: string | null }
  voyageNumber: string
  from: string
  to: string
  departAt: number
  arriveAt: number
  calls?: { code: string; arriveAt: number; departAt: number }[]
  toPod: boolean
  eta: { earliest: number; likely: number; latest: number }
}

/** `number` picks one container. */
export type StagedCustomField = {
  entity: 'shipment' | 'containers'
  number: string | null
  definition_id: string
  api_slug: string
  value: unknown
  display_value: string | null
}

export const accounts = pgTable('accounts', {
  id: id(),
  company_name: text('company_name').notNull(),
  /** Given when first asked for. */
  inbound_slug: text('inbound_slug').unique(),
  created_at: createdAt(),
})

/** Keys every process must share (the download-link signing key), made by whichever starts first. */
export const serviceSecrets = pgTable('service_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  created_at: createdAt(),
})

/**
 * Terminal49's user resource, and the people who sign in. A null role is a person only named on records
 * (a connected account's users); the sign-in email is unique across accounts, since a sign-in names none.
 */
export const users = pgTable(
  'users',
  {
    id: id(),
    account_id: account(),
    first_name: text('first_name'),
    last_name: text('last_name'),
    email: text('email').notNull(),
    created_at: createdAt(),
    role: text('role', { enum: ROLES }),
    time_zone: text('time_zone').notNull().default('UTC'),
    /** Only for the customer role: the one party whose shipments it sees. */
    party_id: uuid('party_id').references(() => parties.id, { onDelete: 'set null' }),
    /** argon2id, PHC string. Null for a passkey-only person. */
    password_hash: text('password_hash'),
    /** The demo's built-in person signs in with the demo, never with a password. */
    demo: boolean('demo').notNull().default(false),
    updated_at: updatedAt(),
    last_signed_in_at: at('last_signed_in_at'),
  },
  (t) => [
    uniqueIndex('users_sign_in_email')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.role} is not null and not ${t.demo}`),
    index('users_account').on(t.account_id),
  ],
)

/** An account key (no user) acts as an owner when it may write, a viewer when it may only read. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    account_id: account(),
    name: text('name').notNull(),
    key_hash: text('key_hash').notNull().unique(),
    scope: text('scope').$type<'read' | 'write'>().notNull(),
    created_at: createdAt(),
    last_used_at: at('last_used_at'),
    /** 'session': minted at a person's sign-in and gone at its sign-out. */
    kind: text('kind', { enum: ['account', 'personal', 'session', 'oauth'] })
      .notNull()
      .default('account'),
    user_id: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** A personal or session key's ceiling; the user's own role still bounds it at each call. */
    role: text('role', { enum: ROLES }),
    token_prefix: text('token_prefix'),
    expires_at: at('expires_at'),
    revoked_at: at('revoked_at'),
    /** 'oauth': the app a person authorised; the row is its grant, its key_hash the current access token. */
    oauth_client_id: text('oauth_client_id').references(() => oauthClients.id, { onDelete: 'cascade' }),
  },
  (t) => [index('api_keys_user').on(t.user_id)],
)

export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    account_id: account(),
    email: text('email').notNull(),
    name: text('name'),
    role: text('role', { enum: ROLES }).notNull(),
    party_id: uuid('party_id').references(() => parties.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull().unique(),
    invited_by: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    expires_at: at('expires_at').notNull(),
    accepted_at: at('accepted_at'),
    revoked_at: at('revoked_at'),
  },
  (t) => [index('invitations_account').on(t.account_id, t.created_at)],
)

export const passwordResets = pgTable('password_resets', {
  token_hash: text('token_hash').primaryKey(),
  user_id: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  created_at: createdAt(),
  expires_at: at('expires_at').notNull(),
  used_at: at('used_at'),
})

export const passkeys = pgTable(
  'passkeys',
  {
    /** WebAuthn credential id, base64url. */
    id: text('id').primaryKey(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    public_key: bytes('public_key').notNull(),
    counter: integer('counter').notNull().default(0),
    transports: strings('transports'),
    created_at: createdAt(),
    last_used_at: at('last_used_at'),
  },
  (t) => [index('passkeys_user').on(t.user_id)],
)

/** A WebAuthn challenge, used once and soon: deleted as it is answered, so a replay finds nothing. */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    challenge: text('challenge').primaryKey(),
    purpose: text('purpose', { enum: ['registration', 'authentication'] }).notNull(),
    /** The signed-in person registering; null for a sign-in. */
    user_id: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expires_at: at('expires_at').notNull(),
  },
  (t) => [index('webauthn_challenges_expires_at').on(t.expires_at)],
)

/** Append-only: a trigger refuses UPDATE and DELETE (migration 0030), owners included. */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    account_id: uuid('account_id').notNull(),
    occurred_at: at('occurred_at').notNull(),
    action: text('action').notNull(),
    target_type: text('target_type').notNull(),
    target_id: text('target_id').notNull(),
    target_label: text('target_label'),
    actor_kind: text('actor_kind', { enum: ['user', 'key', 'system'] }).notNull(),
    actor_id: text('actor_id'),
    actor_name: text('actor_name'),
    via: text('via', { enum: ['dashboard', 'api'] }),
    address: text('address'),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('audit_events_account').on(t.account_id, t.occurred_at, t.id),
    index('audit_events_target').on(t.account_id, t.target_type, t.target_id, t.occurred_at),
    index('audit_events_actor').on(t.account_id, t.actor_id, t.occurred_at),
  ],
)

/** In kB: none made every write cost 0.7 ms; the 4 MB default made searches read the table (13 ms vs 0.06 ms). */
const TRIGRAM_LIST = { gin_pending_list_limit: 256 }

export const parties = pgTable(
  'parties',
  { id: id(), account_id: account(), company_name: text('company_name').notNull(), created_at: createdAt() },
  (t) => [
    index('parties_account').on(t.account_id, t.company_name),
    // pg_trgm, migration 0024
    index('parties_company_name_trgm').using('gin', t.company_name.op('gin_trgm_ops')).with(TRIGRAM_LIST),
  ],
)

export const shippingLines = pgTable('shipping_lines', {
  id: id(),
  scac: text('scac').notNull().unique(),
  name: text('name').notNull(),
  short_name: text('short_name'),
  bill_of_lading_prefix: text('bill_of_lading_prefix'),
  alternative_scacs: strings('alternative_scacs'),
  tracking_url: text('tracking_url'),
  contact_url: text('contact_url'),
  /** Migration 0034; the containers' trigger picks one by lane at pickup. */
  detention_tariffs: jsonb('detention_tariffs').$type<DetentionTariff[]>(),
})

export const ports = pgTable('ports', {
  id: id(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  city: text('city'),
  state_abbr: text('state_abbr'),
  country_code: text('country_code').notNull(),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
  time_zone: text('time_zone').notNull(),
  inland: boolean('inland').notNull().default(false),
})

export const terminals = pgTable('terminals', {
  id: id(),
  port_id: uuid('port_id')
    .notNull()
    .references(() => ports.id),
  name: text('name').notNull(),
  nickname: text('nickname'),
  firms_code: text('firms_code'),
  smdg_code: text('smdg_code'),
  bic_facility_code: text('bic_facility_code'),
  street: text('street'),
  city: text('city'),
  state: text('state'),
  state_abbr: text('state_abbr'),
  zip: text('zip'),
  country: text('country'),
  demurrage_tariff: jsonb('demurrage_tariff').$type<DemurrageTariff>(),
})

export const vesselPositions = pgTable(
  'vessel_positions',
  {
    vessel_id: uuid('vessel_id')
      .notNull()
      .references(() => vessels.id, { onDelete: 'cascade' }),
    timestamp: at('timestamp').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    heading: doublePrecision('heading'),
    speed_knots: doublePrecision('speed_knots'),
  },
  (t) => [primaryKey({ columns: [t.vessel_id, t.timestamp] })],
)

export const vessels = pgTable('vessels', {
  id: id(),
  name: text('name').notNull(),
  imo: text('imo').unique(),
  mmsi: text('mmsi'),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  nautical_speed_knots: doublePrecision('nautical_speed_knots'),
  navigational_heading_degrees: doublePrecision('navigational_heading_degrees'),
  position_timestamp: at('position_timestamp'),
})

export const trackingRequests = pgTable(
  'tracking_requests',
  {
    id: id(),
    account_id: account(),
    request_number: text('request_number').notNull(),
    request_type: text('request_type').notNull(),
    /** Null while the line is being detected (`auto_detect_vocc_scac`). */
    scac: text('scac'),
    ref_numbers: strings('ref_numbers'),
    shipment_tags: strings('shipment_tags'),
    initial_custom_fields: jsonb('initial_custom_fields').$type<StagedCustomField[]>().notNull().default([]),
    status: text('status').notNull().default('pending'),
    failed_reason: text('failed_reason'),
    customer_id: uuid('customer_id').references(() => parties.id),
    /** Null for an API key's request. */
    user_id: uuid('user_id').references(() => users.id),
    shipment_id: uuid('shipment_id'),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: at('next_attempt_at'),
    created_at: createdAt(),
    updated_at: updatedAt(),
    /** The simulator never resolves an upstream request. */
    source: text('source'),
    upstream_checked_at: at('upstream_checked_at'),
  },
  (t) => [
    index('tracking_requests_account').on(t.account_id, t.created_at),
    index('tracking_requests_number').on(t.account_id, t.request_number),
    index('tracking_requests_due').on(t.status, t.next_attempt_at),
    // the duplicate check holds under concurrent requests too
    uniqueIndex('tracking_requests_active_number')
      .on(t.account_id, t.request_number, t.scac)
      .where(sql`${t.status} in ('pending', 'awaiting_manifest', 'created')`),
  ],
)

export const shipments = pgTable(
  'shipments',
  {
    id: id(),
    account_id: account(),
    tracking_request_id: uuid('tracking_request_id'),
    customer_id: uuid('customer_id').references(() => parties.id),
    created_at: createdAt(),
    updated_at: updatedAt(),
    /** Counts people's edits, not the engine's: what `If-Match` is checked against. */
    version: integer('version').notNull().default(1),
    ref_numbers: strings('ref_numbers'),
    tags: strings('tags'),
    /** Upper-cased: what `q` matches. */
    search_numbers: text('search_numbers').array().notNull().default(sql`'{}'::text[]`),
    bill_of_lading_number: text('bill_of_lading_number').notNull(),
    normalized_number: text('normalized_number').notNull(),
    shipping_line_scac: text('shipping_line_scac').notNull(),
    shipping_line_name: text('shipping_line_name'),
    shipping_line_short_name: text('shipping_line_short_name'),
    customer_name: text('customer_name'),
    port_of_lading_id: uuid('port_of_lading_id').references(() => ports.id),
    port_of_lading_locode: text('port_of_lading_locode'),
    port_of_lading_name: text('port_of_lading_name'),
    port_of_discharge_id: uuid('port_of_discharge_id').references(() => ports.id),
    port_of_discharge_locode: text('port_of_discharge_locode'),
    port_of_discharge_name: text('port_of_discharge_name'),
    pod_terminal_id: uuid('pod_terminal_id').references(() => terminals.id),
    transshipment_locode: text('transshipment_locode'),
    transshipment_name: text('transshipment_name'),
    destination_id: uuid('destination_id').references(() => ports.id),
    destination_terminal_id: uuid('destination_terminal_id').references(() => terminals.id),
    destination_locode: text('destination_locode'),
    destination_name: text('destination_name'),
    destination_timezone: text('destination_timezone'),
    destination_ata_at: at('destination_ata_at'),
    destination_eta_at: at('destination_eta_at'),
    pod_vessel_id: uuid('pod_vessel_id').references(() => vessels.id),
    pod_vessel_name: text('pod_vessel_name'),
    pod_vessel_imo: text('pod_vessel_imo'),
    /** The map's index. */
    sailing_vessel_id: uuid('sailing_vessel_id').references(() => vessels.id),
    sailing_leg: jsonb('sailing_leg').$type<SailingLeg>(),
    pod_voyage_number: text('pod_voyage_number'),
    pol_etd_at: at('pol_etd_at'),
    pol_atd_at: at('pol_atd_at'),
    pol_timezone: text('pol_timezone'),
    pod_timezone: text('pod_timezone'),
    pod_eta_at: at('pod_eta_at'),
    pod_original_eta_at: at('pod_original_eta_at'),
    pod_ata_at: at('pod_ata_at'),
    line_tracking_last_attempted_at: at('line_tracking_last_attempted_at'),
    line_tracking_last_succeeded_at: at('line_tracking_last_succeeded_at'),
    line_tracking_stopped_at: at('line_tracking_stopped_at'),
    line_tracking_stopped_reason: text('line_tracking_stopped_reason'),
    voyage: jsonb('voyage').$type<ShipmentPlan>(),
    /** Null once it stops. */
    next_update_at: at('next_update_at'),
    /** An upstream row is never moved by the simulator. */
    source: text('source'),
    /** An older delivery loses to it. */
    upstream_checked_at: at('upstream_checked_at'),
  },
  (t) => [
    index('shipments_account_created').on(
      t.account_id,
      t.created_at.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // no pending list: unmerged entries made every search slower (0.4 ms vs 0.03 ms at 100,000 shipments)
    index('shipments_search_numbers').using('gin', t.search_numbers).with({ fastupdate: false }),
    index('shipments_normalized_number').on(t.account_id, t.normalized_number),
    index('shipments_normalized_number_prefix').on(sql`${t.normalized_number} text_pattern_ops`),
    // pg_trgm, migration 0024
    index('shipments_search_numbers_trgm').using(
      'gin',
      sql`search_numbers_text(${t.search_numbers}) gin_trgm_ops`,
    ),
    index('shipments_pod_vessel_name_trgm')
      .using('gin', t.pod_vessel_name.op('gin_trgm_ops'))
      .with(TRIGRAM_LIST),
    index('shipments_customer').on(t.customer_id),
    index('shipments_tracking_request').on(t.tracking_request_id),
    index('shipments_next_update').on(t.next_update_at).where(sql`${t.next_update_at} is not null`),
    index('shipments_account_arriving')
      .on(t.account_id, t.pod_eta_at, t.id)
      .where(sql`${t.pod_ata_at} is null`),
    index('shipments_account_sailing')
      .on(t.account_id, t.sailing_vessel_id)
      .where(sql`${t.sailing_vessel_id} is not null`),
  ],
)

/** Kept by triggers (migration 0018), so the unfiltered list's `meta.total` counts no rows. */
export const shipmentCounts = pgTable('shipment_counts', {
  account_id: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  shipments: integer('shipments').notNull().default(0),
})

/** What a trucker confirmed through a handoff link; the engine never takes it back. */
export type HandoffConfirmations = {
  pickup?: { at: string; by: string }
  empty_return?: { at: string; by: string }
}

/** Migration 0044's function, written once for its indexes and the board's conditions, so the planner matches them. */
export const lfdCountsUntil = (
  t: Record<'pickup_lfd' | 'pickup_lfd_checked_at' | 'pickup_lfd_source', Column>,
) => sql`lfd_counts_until(${t.pickup_lfd}, ${t.pickup_lfd_checked_at}, ${t.pickup_lfd_source})`

/** Migration 0045's function: the end of an empty's deadline day where it was picked up, as its index holds it. */
export const emptyDayEnds = (t: Record<'empty_return_deadline' | 'empty_return_zone', Column>) =>
  sql`empty_day_ends(${t.empty_return_deadline}, ${t.empty_return_zone})`

export const containers = pgTable(
  'containers',
  {
    id: id(),
    account_id: account(),
    shipment_id: uuid('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    pod_terminal_id: uuid('pod_terminal_id').references(() => terminals.id),
    pickup_facility_id: uuid('pickup_facility_id').references(() => terminals.id),
    number: text('number').notNull(),
    seal_number: text('seal_number'),
    created_at: createdAt(),
    updated_at: updatedAt(),
    ref_numbers: strings('ref_numbers'),
    current_status: text('current_status').notNull().default('new'),
    empty_out_at: at('empty_out_at'),
    pol_full_in_at: at('pol_full_in_at'),
    pol_vessel_loaded_at: at('pol_vessel_loaded_at'),
    pol_vessel_departed_at: at('pol_vessel_departed_at'),
    pod_arrived_at: at('pod_arrived_at'),
    pod_discharged_at: at('pod_discharged_at'),
    final_destination_full_out_at: at('final_destination_full_out_at'),
    pod_full_out_at: at('pod_full_out_at'),
    delivered_at: at('delivered_at'),
    empty_terminated_at: at('empty_terminated_at'),
    terminal_checked_at: at('terminal_checked_at'),
    holds_at_pod_terminal: jsonb('holds_at_pod_terminal').$type<Hold[]>().notNull().default([]),
    fees_at_pod_terminal: jsonb('fees_at_pod_terminal').$type<Fee[]>().notNull().default([]),
    available_for_pickup: boolean('available_for_pickup').notNull().default(false),
    availability_known: boolean('availability_known').notNull().default(false),
    equipment_type: text('equipment_type'),
    equipment_length: integer('equipment_length'),
    equipment_height: text('equipment_height'),
    weight_in_lbs: integer('weight_in_lbs'),
    pickup_lfd: at('pickup_lfd'),
    pickup_appointment_at: at('pickup_appointment_at'),
    pod_full_out_chassis_number: text('pod_full_out_chassis_number'),
    location_at_pod_terminal: text('location_at_pod_terminal'),
    pod_last_tracking_request_at: at('pod_last_tracking_request_at'),
    shipment_last_tracking_request_at: at('shipment_last_tracking_request_at'),
    rail_last_tracking_request_at: at('rail_last_tracking_request_at'),
    pod_timezone: text('pod_timezone'),
    final_destination_timezone: text('final_destination_timezone'),
    empty_terminated_timezone: text('empty_terminated_timezone'),
    pod_rail_carrier_scac: text('pod_rail_carrier_scac'),
    ind_rail_carrier_scac: text('ind_rail_carrier_scac'),
    pod_rail_loaded_at: at('pod_rail_loaded_at'),
    pod_rail_departed_at: at('pod_rail_departed_at'),
    ind_eta_at: at('ind_eta_at'),
    ind_ata_at: at('ind_ata_at'),
    ind_rail_unloaded_at: at('ind_rail_unloaded_at'),
    ind_facility_lfd_on: date('ind_facility_lfd_on'),
    import_deadlines: jsonb('import_deadlines').$type<ImportDeadlines>(),
    lfd_sources: jsonb('lfd_sources').$type<LfdSource[]>(),
    /** By the contract's `countingLfd`. */
    pickup_lfd_source: text('pickup_lfd_source'),
    pickup_lfd_checked_at: at('pickup_lfd_checked_at'),
    upstream_checked_at: at('upstream_checked_at'),
    /** They differ when the container's events must be read again. */
    upstream_digest: text('upstream_digest'),
    upstream_events_digest: text('upstream_events_digest'),
    /** Set by a trigger at pickup from the line's tariff (migration 0035). */
    empty_return_deadline: at('empty_return_deadline'),
    detention_tariff: jsonb('detention_tariff').$type<DetentionTariff>(),
    /** The zone of the place of pickup, one the database knows (else UTC): the board counts the deadline's days in it. */
    empty_return_zone: text('empty_return_zone'),
    /** Migration 0036: appointments after pickup with their sources, the trucker, and the trucker's word. */
    delivery_appointment_at: at('delivery_appointment_at'),
    empty_return_appointment_at: at('empty_return_appointment_at'),
    appointments: jsonb('appointments').$type<AppointmentSource[]>(),
    next_appointment_at: at('next_appointment_at'),
    next_appointment_kind: text('next_appointment_kind'),
    trucker_party_id: uuid('trucker_party_id').references(() => parties.id, { onDelete: 'set null' }),
    handoff_confirmations: jsonb('handoff_confirmations').$type<HandoffConfirmations>(),
    /** Raised by a trigger whenever the container's events change (migration 0043): its kept texts carry their linkage. */
    events_version: integer('events_version').notNull().default(0),
  },
  (t) => [
    // a shipment's containers in number order, ids from the index alone (migration 0041)
    index('containers_shipment_number').on(t.shipment_id, t.number, t.id),
    index('containers_account_next_appointment')
      .on(t.account_id, t.next_appointment_at, t.id)
      .where(sql`${t.next_appointment_at} is not null`),
    index('containers_account_number').on(t.account_id, t.number),
    // the charges summary's pages, in id order
    index('containers_account_id').on(t.account_id, t.id),
    index('containers_number_trgm').using('gin', t.number.op('gin_trgm_ops')).with(TRIGRAM_LIST),
    index('containers_account_created').on(
      t.account_id,
      t.created_at.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // the board's working set: discharged and not yet picked up or returned, by last free day
    // its last key passes over last free days no longer confirmed (0044)
    index('containers_account_waiting')
      .on(t.account_id, t.pickup_lfd, t.id, lfdCountsUntil(t))
      .where(
        sql`${t.pod_discharged_at} is not null and ${t.pod_full_out_at} is null and ${t.final_destination_full_out_at} is null and ${t.empty_terminated_at} is null`,
      ),
    // the board's on-hold tab, by last free day: most waiting containers are not held (0039)
    index('containers_account_on_hold')
      .on(t.account_id, t.pickup_lfd, t.id)
      .where(
        sql`${t.pod_discharged_at} is not null and ${t.pod_full_out_at} is null and ${t.final_destination_full_out_at} is null and ${t.empty_terminated_at} is null and jsonb_array_length(${t.holds_at_pod_terminal}) > 0 and not ${t.available_for_pickup}`,
      ),
    // the board's available tab, from today's last free days on, none last: most waiting containers before
    // today are overdue or held (0042)
    index('containers_account_available')
      .on(t.account_id, sql`coalesce(${t.pickup_lfd}, 'infinity'::timestamptz)`, t.id, lfdCountsUntil(t))
      .where(
        sql`${t.pod_discharged_at} is not null and ${t.pod_full_out_at} is null and ${t.final_destination_full_out_at} is null and ${t.empty_terminated_at} is null and ${t.available_for_pickup}`,
      ),
    // the board's empties out: picked up with a deadline, not yet returned; its last key passes over
    // the ones overdue in their own zone (0045)
    index('containers_account_empty_out')
      .on(t.account_id, t.empty_return_deadline, t.id, emptyDayEnds(t))
      .where(sql`${t.empty_return_deadline} is not null and ${t.empty_terminated_at} is null`),
    index('containers_account_done')
      .on(t.account_id, t.created_at.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(
        sql`${t.pod_full_out_at} is not null or ${t.final_destination_full_out_at} is not null or ${t.empty_terminated_at} is not null`,
      ),
  ],
)

/** Migration 0034: +1/-1 rows per empty out (picked up, deadline set, not returned), merged as `boardCounts`. */
export const emptyReturnCounts = pgTable(
  'empty_return_counts',
  {
    account_id: account(),
    return_zone: text('return_zone').notNull(),
    deadline: at('deadline').notNull(),
    merged: boolean('merged').notNull().default(false),
    n: integer('n').notNull(),
  },
  (t) => [
    index('empty_return_counts_account').on(t.account_id),
    index('empty_return_counts_unmerged').on(t.account_id).where(sql`not ${t.merged}`),
  ],
)

/** Migration 0027: +1/-1 rows appended by triggers in the writing transaction, merged by the engine's tick. */
export const boardCounts = pgTable(
  'board_counts',
  {
    account_id: account(),
    done: boolean('done').notNull().default(false),
    on_hold: boolean('on_hold').notNull().default(false),
    available: boolean('available').notNull().default(false),
    accruing: boolean('accruing').notNull().default(false),
    lfd_zone: text('lfd_zone'),
    pickup_lfd: at('pickup_lfd'),
    lfd_confirmed_until: at('lfd_confirmed_until'),
    eta_hour: at('eta_hour'),
    merged: boolean('merged').notNull().default(false),
    n: integer('n').notNull(),
  },
  (t) => [
    index('board_counts_account').on(t.account_id),
    index('board_counts_unmerged').on(t.account_id).where(sql`not ${t.merged}`),
  ],
)

/** Migration 0032: the map's containers aboard each vessel, kept like `board_counts`. */
export const vesselCounts = pgTable(
  'vessel_counts',
  {
    account_id: account(),
    vessel_id: uuid('vessel_id').notNull(),
    on_hold: boolean('on_hold').notNull(),
    delayed: boolean('delayed').notNull(),
    merged: boolean('merged').notNull().default(false),
    n: integer('n').notNull(),
  },
  (t) => [
    index('vessel_counts_account').on(t.account_id, t.vessel_id),
    index('vessel_counts_unmerged').on(t.account_id).where(sql`not ${t.merged}`),
  ],
)

export const transportEvents = pgTable(
  'transport_events',
  {
    id: id(),
    account_id: account(),
    shipment_id: uuid('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    container_id: uuid('container_id')
      .notNull()
      .references(() => containers.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    created_at: createdAt(),
    voyage_number: text('voyage_number'),
    timestamp: at('timestamp'),
    location_locode: text('location_locode'),
    timezone: text('timezone'),
    data_source: text('data_source'),
    /** A milestone the source reported by mistake; null while it stands. */
    invalidated_at: at('invalidated_at'),
    vessel_id: uuid('vessel_id').references(() => vessels.id),
    location_id: uuid('location_id').references(() => ports.id),
    terminal_id: uuid('terminal_id').references(() => terminals.id),
  },
  (t) => [
    index('transport_events_container').on(t.container_id, t.timestamp),
    // webhook examples
    index('transport_events_account_event').on(t.account_id, t.event, t.created_at),
  ],
)

export const changeEvents = pgTable(
  'change_events',
  {
    id: id(),
    account_id: account(),
    type: text('type').notNull(),
    event: text('event').notNull(),
    shipment_id: uuid('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    container_id: uuid('container_id').references(() => containers.id, { onDelete: 'cascade' }),
    terminal_id: uuid('terminal_id').references(() => terminals.id),
    port_id: uuid('port_id').references(() => ports.id),
    vessel_id: uuid('vessel_id').references(() => vessels.id),
    attributes: jsonb('attributes').$type<Record<string, unknown>>().notNull(),
    created_at: createdAt(),
  },
  (t) => [
    index('change_events_shipment').on(t.shipment_id),
    index('change_events_account_event').on(t.account_id, t.event, t.created_at),
  ],
)

export const rawEvents = pgTable(
  'raw_events',
  {
    id: id(),
    account_id: account(),
    container_id: uuid('container_id')
      .notNull()
      .references(() => containers.id, { onDelete: 'cascade' }),
    index: integer('index').notNull(),
    event: text('event'),
    original_event: text('original_event').notNull(),
    timestamp: at('timestamp'),
    estimated: boolean('estimated').notNull().default(false),
    actual_on: date('actual_on'),
    estimated_on: date('estimated_on'),
    actual_at: at('actual_at'),
    estimated_at: at('estimated_at'),
    timezone: text('timezone'),
    created_at: createdAt(),
    location_name: text('location_name'),
    location_locode: text('location_locode'),
    vessel_name: text('vessel_name'),
    vessel_imo: text('vessel_imo'),
    voyage_number: text('voyage_number'),
    invalidated_at: at('invalidated_at'),
    data_source: text('data_source').notNull().default('shipping_line'),
    data_provider_name: text('data_provider_name'),
    data_provider_code: text('data_provider_code'),
    location_id: uuid('location_id').references(() => ports.id),
    vessel_id: uuid('vessel_id').references(() => vessels.id),
  },
  (t) => [index('raw_events_container').on(t.container_id, t.index)],
)

export const customFieldDefinitions = pgTable(
  'custom_field_definitions',
  {
    id: id(),
    account_id: account(),
    entity_type: text('entity_type').notNull(),
    api_slug: text('api_slug').notNull(),
    display_name: text('display_name').notNull(),
    description: text('description'),
    data_type: text('data_type').notNull(),
    reference_type: text('reference_type'),
    validation: jsonb('validation').$type<Record<string, unknown>>(),
    default_format: text('default_format'),
    default_value: jsonb('default_value').$type<unknown>(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex('custom_field_definitions_slug').on(t.account_id, t.entity_type, t.api_slug)],
)

export const customFieldOptions = pgTable(
  'custom_field_options',
  {
    id: id(),
    account_id: account(),
    definition_id: uuid('definition_id')
      .notNull()
      .references(() => customFieldDefinitions.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    value: text('value').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [uniqueIndex('custom_field_options_value').on(t.definition_id, t.value)],
)

export const customFieldValues = pgTable(
  'custom_field_values',
  {
    id: id(),
    account_id: account(),
    definition_id: uuid('definition_id')
      .notNull()
      .references(() => customFieldDefinitions.id, { onDelete: 'cascade' }),
    entity_type: text('entity_type').notNull(),
    entity_id: uuid('entity_id').notNull(),
    api_slug: text('api_slug').notNull(),
    value: jsonb('value').$type<unknown>(),
    /** Fixed when it is written. */
    display_value: text('display_value'),
    updated_by_user_id: uuid('updated_by_user_id').references(() => users.id),
    created_at: createdAt(),
    updated_at: updatedAt(),
    /** What `If-Match` is checked against. */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('custom_field_values_entity').on(t.entity_id, t.definition_id),
    // filter[custom_fields.<slug>] and sort=custom_fields.<slug> walk this
    index('custom_field_values_by_value').on(t.definition_id, t.value, t.entity_id),
  ],
)

export const customFieldValueChanges = pgTable(
  'custom_field_value_changes',
  {
    id: id(),
    account_id: account(),
    /** No foreign key: the history of a removed value is kept. */
    value_id: uuid('value_id').notNull(),
    definition_id: uuid('definition_id')
      .notNull()
      .references(() => customFieldDefinitions.id, { onDelete: 'cascade' }),
    entity_type: text('entity_type').notNull(),
    entity_id: uuid('entity_id').notNull(),
    action: text('action').$type<'created' | 'updated' | 'removed'>().notNull(),
    value: jsonb('value').$type<unknown>(),
    display_value: text('display_value'),
    previous_value: jsonb('previous_value').$type<unknown>(),
    previous_display_value: text('previous_display_value'),
    changed_by_key_id: uuid('changed_by_key_id').references(() => apiKeys.id, { onDelete: 'set null' }),
    changed_at: at('changed_at').notNull().defaultNow(),
    /** Where two changes share a moment. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
  },
  (t) => [index('custom_field_value_changes_value').on(t.account_id, t.value_id, t.changed_at)],
)

export const emailSubmissions = pgTable(
  'email_submissions',
  {
    id: id(),
    account_id: account(),
    user_id: uuid('user_id').references(() => users.id),
    subject: text('subject').notNull(),
    body: text('body'),
    from: strings('from'),
    to: strings('to'),
    cc: strings('cc'),
    sent_at: at('sent_at'),
    message_id: text('message_id'),
    in_reply_to: text('in_reply_to'),
    references: strings('references'),
    content_type: text('content_type'),
    html_body: text('html_body'),
    reply_to_submission_id: uuid('reply_to_submission_id'),
    /** The same message delivered twice is one submission. */
    raw_sha256: text('raw_sha256'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('email_submissions_account').on(t.account_id, t.created_at.desc()),
    index('email_submissions_message_id').on(t.account_id, t.message_id),
    uniqueIndex('email_submissions_raw').on(t.account_id, t.raw_sha256),
  ],
)

/** Migration 0032: the inbox's emails by reading state, kept like `board_counts`. */
export const inboxCounts = pgTable(
  'inbox_counts',
  {
    account_id: account(),
    reading: text('reading'),
    merged: boolean('merged').notNull().default(false),
    n: integer('n').notNull(),
  },
  (t) => [
    index('inbox_counts_account').on(t.account_id),
    index('inbox_counts_unmerged').on(t.account_id).where(sql`not ${t.merged}`),
  ],
)

export const documentBlobs = pgTable(
  'document_blobs',
  {
    account_id: account(),
    sha256: text('sha256').notNull(),
    /** Kept here before 0023; moved into the blob store at start. */
    bytes: bytes('bytes'),
    size_bytes: integer('size_bytes').notNull(),
    created_at: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.account_id, t.sha256] })],
)

export const documents = pgTable(
  'documents',
  {
    id: id(),
    account_id: account(),
    user_id: uuid('user_id').references(() => users.id),
    email_submission_id: uuid('email_submission_id').references(() => emailSubmissions.id, {
      onDelete: 'cascade',
    }),
    name: text('name').notNull(),
    source: text('source').notNull(),
    document_type: text('document_type'),
    document_type_manual: text('document_type_manual'),
    classification_notes: text('classification_notes'),
    file_name: text('file_name').notNull(),
    file_content_type: text('file_content_type').notNull(),
    file_size_bytes: integer('file_size_bytes').notNull(),
    /** Kept here before document_blobs; moved into the blob store at start. */
    file_bytes: bytes('file_bytes'),
    /** The same file uploaded twice is refused as a duplicate. */
    file_sha256: text('file_sha256'),
    discarded: boolean('discarded').notNull().default(false),
    extraction_status: text('extraction_status').$type<'pending' | 'running' | 'done' | 'failed'>(),
    extraction_attempts: integer('extraction_attempts').notNull().default(0),
    extraction_error: text('extraction_error'),
    /** Service time. */
    extraction_due_at: at('extraction_due_at'),
    /** Real time (the database's clock): a lease. */
    extraction_leased_until: at('extraction_leased_until'),
    /** They win over what is read, at every extraction. */
    corrections: jsonb('corrections').$type<Record<string, unknown>>().notNull().default({}),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('documents_extraction_due').on(t.extraction_due_at).where(sql`${t.extraction_due_at} is not null`),
    index('documents_account').on(t.account_id, t.created_at.desc()),
    index('documents_email_submission').on(t.email_submission_id),
    index('documents_file_sha256').on(t.account_id, t.file_sha256),
  ],
)

export const documentRepresentations = pgTable(
  'document_representations',
  {
    id: id(),
    account_id: account(),
    document_id: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    schema_version: text('schema_version').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('document_representations_document').on(t.document_id, t.created_at)],
)

export const documentLinks = pgTable(
  'document_links',
  {
    document_id: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    entity_type: text('entity_type').$type<'shipment' | 'container'>().notNull(),
    entity_id: uuid('entity_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.document_id, t.entity_type, t.entity_id] })],
)

export const webhooks = pgTable(
  'webhooks',
  {
    id: id(),
    account_id: account(),
    url: text('url').notNull(),
    active: boolean('active').notNull().default(true),
    events: strings('events'),
    secret: text('secret').notNull(),
    /** It keeps signing beside the new one until it expires. */
    previous_secret: text('previous_secret'),
    previous_secret_expires_at: at('previous_secret_expires_at'),
    headers: jsonb('headers').$type<{ name: string; value: string }[]>().notNull().default([]),
    failing_since: at('failing_since'),
    disabled_at: at('disabled_at'),
    disabled_reason: text('disabled_reason'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('webhooks_account').on(t.account_id)],
)

export const webhookNotifications = pgTable(
  'webhook_notifications',
  {
    id: id(),
    account_id: account(),
    webhook_id: uuid('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    reference_type: text('reference_type').notNull(),
    reference_id: uuid('reference_id').notNull(),
    /** Fixed when written: every retry signs the same bytes. */
    payload: text('payload').notNull(),
    delivery_status: text('delivery_status')
      .$type<'pending' | 'succeeded' | 'failed'>()
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: at('next_attempt_at').notNull().defaultNow(),
    /** Real time; after a crash it is simply due again. */
    leased_until: at('leased_until'),
    created_at: createdAt(),
    delivered_at: at('delivered_at'),
  },
  (t) => [
    index('webhook_notifications_account').on(t.account_id, t.created_at.desc()),
    index('webhook_notifications_webhook').on(t.webhook_id, t.created_at.desc()),
    index('webhook_notifications_due').on(t.next_attempt_at).where(sql`${t.delivery_status} = 'pending'`),
  ],
)

export const webhookDeliveryAttempts = pgTable(
  'webhook_delivery_attempts',
  {
    id: id(),
    notification_id: uuid('notification_id')
      .notNull()
      .references(() => webhookNotifications.id, { onDelete: 'cascade' }),
    status_code: integer('status_code'),
    duration_ms: integer('duration_ms').notNull(),
    response_excerpt: text('response_excerpt'),
    error: text('error'),
    /** The secret itself is never part of them. */
    request_headers: jsonb('request_headers').$type<Record<string, string>>(),
    attempted_at: at('attempted_at').notNull(),
    /** Orders attempts made at the same instant (a simulated clock, or one millisecond): 0040. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
  },
  (t) => [index('webhook_delivery_attempts_notification').on(t.notification_id, t.attempted_at)],
)

export const embedTokens = pgTable(
  'embed_tokens',
  {
    id: id(),
    account_id: account(),
    name: text('name').notNull(),
    token_hash: text('token_hash').notNull().unique(),
    token_prefix: text('token_prefix').notNull(),
    scope_kind: text('scope_kind').$type<'shipments' | 'customer' | 'tag' | 'track_by_number'>().notNull(),
    scope_shipment_ids: strings('scope_shipment_ids'),
    scope_customer_id: uuid('scope_customer_id').references(() => parties.id, { onDelete: 'cascade' }),
    scope_tag: text('scope_tag'),
    fields: strings('fields'),
    allowed_origins: strings('allowed_origins'),
    expires_at: at('expires_at').notNull(),
    revoked_at: at('revoked_at'),
    created_at: createdAt(),
    last_used_at: at('last_used_at'),
    use_count: integer('use_count').notNull().default(0),
  },
  (t) => [index('embed_tokens_account').on(t.account_id, t.created_at)],
)

/** Migration 0036: a delivery order sent to a trucker as a link; like an embed token, only its hash is kept. */
export const handoffTokens = pgTable(
  'handoff_tokens',
  {
    id: id(),
    account_id: account(),
    token_hash: text('token_hash').notNull().unique(),
    token_prefix: text('token_prefix').notNull(),
    container_ids: strings('container_ids'),
    note: text('note'),
    created_by: text('created_by').notNull(),
    expires_at: at('expires_at').notNull(),
    revoked_at: at('revoked_at'),
    created_at: createdAt(),
    last_used_at: at('last_used_at'),
    use_count: integer('use_count').notNull().default(0),
  },
  (t) => [index('handoff_tokens_account').on(t.account_id, t.created_at)],
)

export type UpstreamStatus = 'connecting' | 'ok' | 'unreachable' | 'unauthorised' | 'rate_limited'

/** Its key and webhook secret are sealed (AES-256-GCM) with a key that is not in the database. */
export const upstreamConnections = pgTable(
  'upstream_connections',
  {
    account_id: uuid('account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** Null for the one configured by UPSTREAM_URL. */
    connected_by: uuid('connected_by').references(() => accounts.id, { onDelete: 'cascade' }),
    base_url: text('base_url').notNull(),
    /** Null when the key comes from UPSTREAM_API_KEY. */
    api_key_sealed: text('api_key_sealed'),
    webhook_id: text('webhook_id'),
    webhook_secret_sealed: text('webhook_secret_sealed'),
    status: text('status').$type<UpstreamStatus>().notNull().default('connecting'),
    status_detail: text('status_detail'),
    last_heard_at: at('last_heard_at'),
    last_reconciled_at: at('last_reconciled_at'),
    created_at: createdAt(),
  },
  (t) => [index('upstream_connections_connected_by').on(t.connected_by)],
)

/** So a killed pass resumes. */
export const upstreamSyncProgress = pgTable(
  'upstream_sync_progress',
  {
    account_id: account(),
    resource: text('resource').notNull(),
    next_page: integer('next_page').notNull().default(1),
    pass_started_at: at('pass_started_at'),
    finished_at: at('finished_at'),
  },
  (t) => [primaryKey({ columns: [t.account_id, t.resource] })],
)

/** Shared by every process: a token bucket as one row, taken from atomically, and the pause a 429 asked for. */
export const upstreamRequestBudgets = pgTable('upstream_request_budgets', {
  account_id: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  tokens: doublePrecision('tokens').notNull(),
  updated_at: at('updated_at').notNull(),
  paused_until: at('paused_until'),
})

/** A second delivery of one changes nothing. */
export const upstreamReceipts = pgTable(
  'upstream_receipts',
  {
    account_id: account(),
    notification_id: text('notification_id').notNull(),
    received_at: at('received_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.account_id, t.notification_id] })],
)

/** Dashboard sessions: the id and the API key are never here in clear (gateway/stored-sessions.ts). */
export const sessions = pgTable(
  'sessions',
  {
    id_hash: text('id_hash').primaryKey(),
    api_key_sealed: text('api_key_sealed').notNull(),
    access: text('access', { enum: ['read-write', 'read-only'] }).notNull(),
    demo: boolean('demo').notNull(),
    created_at: at('created_at').notNull(),
    expires_at: at('expires_at').notNull(),
    idle_until: at('idle_until').notNull(),
    /** Null until first used: never-used sessions are evicted first. */
    used_at: at('used_at'),
    /** A person's sign-in; null for a key or the demo. "Sign out everywhere" deletes by it. */
    user_id: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** An admin's read-only "View as": a read-only session key of the person viewed, sealed like the key. */
    view_as_key_sealed: text('view_as_key_sealed'),
  },
  (table) => [
    index('sessions_expires_at_idx').on(table.expires_at),
    index('sessions_user_idx').on(table.user_id),
    index('sessions_idle_until_idx').on(table.idle_until),
    index('sessions_eviction_idx').on(
      sql`(${table.used_at} is not null)`,
      sql`coalesce(${table.used_at}, ${table.created_at})`,
    ),
  ],
)

export type AlertConditionRow = { kind: string; days?: number; hours?: number }
export type AlertScopeRow = {
  kind: string
  party_id?: string
  terminal_id?: string
  tag?: string
  field_name?: string
  field_value?: string
}
export type MuteTimeRow = { days: number[]; from: string; to: string }

/** Issue 30. The chat webhook URL is a secret: sealed like upstream keys, shown only as its hint. */
export const alertRules = pgTable(
  'alert_rules',
  {
    id: id(),
    account_id: account(),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    condition: jsonb('condition').$type<AlertConditionRow>().notNull(),
    scope: jsonb('scope').$type<AlertScopeRow>().notNull(),
    recipient_user_ids: strings('recipient_user_ids'),
    recipient_emails: strings('recipient_emails'),
    channels: strings('channels'),
    chat_webhook_url_sealed: text('chat_webhook_url_sealed'),
    chat_webhook_hint: text('chat_webhook_hint'),
    delivery: text('delivery').$type<'immediate' | 'digest'>().notNull().default('immediate'),
    digest_time: text('digest_time').notNull().default('08:00'),
    time_zone: text('time_zone').notNull().default('UTC'),
    group_wait_seconds: integer('group_wait_seconds').notNull().default(30),
    repeat_interval_hours: integer('repeat_interval_hours'),
    mute_times: jsonb('mute_times').$type<MuteTimeRow[]>().notNull().default([]),
    created_by: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
    last_fired_at: at('last_fired_at'),
    /** How far time-driven conditions have been looked at, so a restart neither misses nor repeats a crossing. */
    evaluated_until: at('evaluated_until'),
  },
  (t) => [index('alert_rules_account').on(t.account_id, t.created_at)],
)

/** One row per rule and subject: whether its condition held at the last look, so it fires once per crossing. */
export const alertStates = pgTable(
  'alert_states',
  {
    rule_id: uuid('rule_id')
      .notNull()
      .references(() => alertRules.id, { onDelete: 'cascade' }),
    subject_id: text('subject_id').notNull(),
    active: boolean('active').notNull(),
    /** What a change is measured from, e.g. the ETA when an "ETA slips" rule first saw the container. */
    baseline: jsonb('baseline').$type<Record<string, unknown>>(),
    since: at('since').notNull(),
    last_fired_at: at('last_fired_at'),
  },
  (t) => [primaryKey({ name: 'alert_states_pk', columns: [t.rule_id, t.subject_id] })],
)

export const alerts = pgTable(
  'alerts',
  {
    id: id(),
    account_id: account(),
    rule_id: uuid('rule_id')
      .notNull()
      .references(() => alertRules.id, { onDelete: 'cascade' }),
    condition_kind: text('condition_kind').notNull(),
    subject_type: text('subject_type').$type<'container' | 'document' | 'tracking_request'>().notNull(),
    subject_id: text('subject_id').notNull(),
    container_id: uuid('container_id'),
    shipment_id: uuid('shipment_id'),
    party_id: uuid('party_id'),
    fired_at: at('fired_at').notNull(),
    title: text('title').notNull(),
    body: text('body'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index('alerts_account').on(t.account_id, t.fired_at, t.id),
    index('alerts_rule').on(t.rule_id, t.fired_at),
  ],
)

/** Each in-app recipient's copy, for the bell's unread count. */
export const alertInbox = pgTable(
  'alert_inbox',
  {
    alert_id: uuid('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fired_at: at('fired_at').notNull(),
    read_at: at('read_at'),
  },
  (t) => [
    primaryKey({ name: 'alert_inbox_pk', columns: [t.user_id, t.alert_id] }),
    index('alert_inbox_unread').on(t.user_id, t.fired_at).where(sql`${t.read_at} IS NULL`),
  ],
)

/** One message (an email or a chat post) carrying one or more deliveries; its id is the message's stable id. */
export const alertBatches = pgTable(
  'alert_batches',
  {
    id: id(),
    account_id: account(),
    channel: text('channel').$type<'email' | 'chat'>().notNull(),
    recipient: text('recipient').notNull(),
    kind: text('kind').$type<'immediate' | 'digest'>().notNull(),
    status: text('status').$type<'sending' | 'sent' | 'failed'>().notNull().default('sending'),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: at('next_attempt_at'),
    lease_holder: text('lease_holder'),
    lease_until: at('lease_until'),
    created_at: createdAt(),
    sent_at: at('sent_at'),
    last_error: text('last_error'),
  },
  (t) => [index('alert_batches_due').on(t.status, t.next_attempt_at)],
)

/** The outbox: written in the transaction that fired the alert; sent at least once, never twice per recipient. */
export const alertDeliveries = pgTable(
  'alert_deliveries',
  {
    id: id(),
    account_id: account(),
    alert_id: uuid('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    rule_id: uuid('rule_id')
      .notNull()
      .references(() => alertRules.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<'email' | 'chat'>().notNull(),
    /** An email address, or 'chat' for the rule's chat webhook. */
    recipient: text('recipient').notNull(),
    user_id: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    mode: text('mode').$type<'immediate' | 'digest'>().notNull(),
    /** After the group wait, outside mute times, or at the recipient's digest time. */
    due_at: at('due_at').notNull(),
    status: text('status')
      .$type<'pending' | 'batched' | 'sent' | 'unsubscribed'>()
      .notNull()
      .default('pending'),
    batch_id: uuid('batch_id').references(() => alertBatches.id, { onDelete: 'set null' }),
    sent_at: at('sent_at'),
  },
  (t) => [
    uniqueIndex('alert_deliveries_once').on(t.alert_id, t.channel, t.recipient),
    index('alert_deliveries_due').on(t.due_at).where(sql`${t.status} = 'pending'`),
    index('alert_deliveries_batch').on(t.batch_id),
  ],
)

export const alertUnsubscribes = pgTable(
  'alert_unsubscribes',
  {
    rule_id: uuid('rule_id')
      .notNull()
      .references(() => alertRules.id, { onDelete: 'cascade' }),
    /** Lower-cased email address. */
    recipient: text('recipient').notNull(),
    created_at: createdAt(),
  },
  (t) => [primaryKey({ name: 'alert_unsubscribes_pk', columns: [t.rule_id, t.recipient] })],
)

/** Registered by the apps themselves (RFC 7591): public clients, so no secret. */
export const oauthClients = pgTable('oauth_clients', {
  id: text('id').primaryKey(),
  client_name: text('client_name').notNull(),
  redirect_uris: jsonb('redirect_uris').$type<string[]>().notNull(),
  created_at: createdAt(),
  address: text('address'),
})

/** An authorisation asked for (its consent nonce), then allowed (its one-time code), then redeemed (its key). */
export const oauthAuthorizations = pgTable(
  'oauth_authorizations',
  {
    id: id(),
    client_id: text('client_id')
      .notNull()
      .references(() => oauthClients.id, { onDelete: 'cascade' }),
    account_id: account(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    session_hash: text('session_hash').notNull(),
    nonce_hash: text('nonce_hash').notNull().unique(),
    redirect_uri: text('redirect_uri').notNull(),
    state: text('state'),
    code_challenge: text('code_challenge').notNull(),
    scope: text('scope').notNull(),
    resource: text('resource').notNull(),
    created_at: createdAt(),
    consent_expires_at: at('consent_expires_at').notNull(),
    code_hash: text('code_hash').unique(),
    code_expires_at: at('code_expires_at'),
    redeemed_at: at('redeemed_at'),
    api_key_id: uuid('api_key_id').references(() => apiKeys.id, { onDelete: 'set null' }),
  },
  (t) => [index('oauth_authorizations_expiry').on(t.consent_expires_at)],
)

/** Rotated at each use; a rotated one presented again revokes its key (RFC 9700 4.14.2). */
export const oauthRefreshTokens = pgTable(
  'oauth_refresh_tokens',
  {
    token_hash: text('token_hash').primaryKey(),
    api_key_id: uuid('api_key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    created_at: createdAt(),
    expires_at: at('expires_at').notNull(),
    rotated_at: at('rotated_at'),
  },
  (t) => [index('oauth_refresh_tokens_key').on(t.api_key_id)],
)
