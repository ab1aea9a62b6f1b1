import type { ColumnType, Generated, JSONColumnType } from 'kysely'

type Timestamp = ColumnType<Date, Date | string, Date | string>
type CreatedAt = ColumnType<Date, Date | string | undefined, never>
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>

export interface AppMetaTable {
  key: string
  value: string
  created_at: CreatedAt
}

export interface VenuesTable {
  id: Generated<string>
  country: string
  name: string
  city: string
  address: string | null
  time_zone: string
  stadium_code: string | null
  created_at: CreatedAt
}

export interface LayoutsTable {
  id: Generated<string>
  venue_id: string
  name: string
  kind: string
  version: number
  data: JSONColumnType<Record<string, unknown>>
  seat_count: number
  created_at: CreatedAt
  /** DRAFT | PUBLISHED (issue 18); a published version is never written again. */
  status: Generated<string>
  updated_at: Generated<Date>
  published_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
}

export interface CategoriesTable {
  id: Generated<string>
  slug: string
  name_es: string
  name_en: string
  position: number
}

export interface SportOrganizationsTable {
  id: Generated<string>
  country: string
  code: string
  name: string
  sport: string
  logo_url: string | null
}

export interface ToursTable {
  id: Generated<string>
  country: string
  slug: string
  name: string
  description: string
  image_url: string | null
  /** 0038-organisers: whose tour it is; null is the platform's own. */
  organiser_id: Generated<string | null>
  created_at: CreatedAt
}

export interface EventsTable {
  id: Generated<string>
  country: string
  currency: string
  slug: string
  type: string
  name: string
  description: string
  venue_id: string
  layout_id: string | null
  tour_id: string | null
  category_id: string | null
  sport_organization_id: string | null
  starts_at: Timestamp
  ends_at: Timestamp
  on_sale_at: Timestamp
  off_sale_at: Timestamp
  status: string
  visibility: string
  page_category: string
  qr_type: string
  image_url: string | null
  installments_enabled: boolean
  /** Issue 7 (0007-tickets): fans may pass tickets on unless the organiser switched it off. */
  tickets_transferable: Generated<boolean>
  /** 0028-event-cancellation: when an admin cancelled it, and the reason fans are told (issue 16 part 5). */
  cancelled_at: Generated<Date | null>
  cancellation_reason: Generated<string | null>
  /** 0038-organisers: whose event it is; null is the platform's own, which only platform admins reach. */
  organiser_id: Generated<string | null>
  created_at: CreatedAt
  updated_at: UpdatedAt
}

export interface PriceZonesTable {
  id: Generated<string>
  event_id: string
  name: string
  price_amount: number
  capacity: number | null
  section_codes: ColumnType<string[], string[] | undefined, string[]>
  per_fan_max: number
  zone_type: string
  numbered: boolean
  color: string
  position: number
  courtesy: Generated<boolean>
  /** 0031-inscriptions: a category's age rule, in whole years on the event's date; null: no bound. */
  min_age: Generated<number | null>
  max_age: Generated<number | null>
  /** 0036-presales: the tier's presale rule (domain checkout/presale.ts, as JSON); null: sold to any card. */
  presale: ColumnType<unknown, string | null | undefined, string | null>
}

export interface EventProductItemsTable {
  product_id: string
  event_id: string
  position: number
}

export interface SponsorBannersTable {
  id: Generated<string>
  event_id: string
  name: string
  image_url: string
  link_url: string | null
  position: Generated<number>
  created_at: CreatedAt
}

export interface TicketFramesTable {
  id: Generated<string>
  country: string
  /** Null: the country's default frame. */
  event_id: string | null
  name: string
  image_url: string | null
  background_color: Generated<string>
  text_color: Generated<string>
  accent_color: Generated<string>
  created_at: CreatedAt
}

// Accounts (0002). The auth_* tables keep the auth library's camelCase column names.
export interface AuthUsersTable {
  id: Generated<string>
  name: string
  email: string
  emailVerified: boolean
  image: string | null
  createdAt: CreatedAt
  updatedAt: UpdatedAt
  phoneNumber: string | null
  phoneNumberVerified: boolean | null
  role: string | null
}

export interface AuthSessionsTable {
  id: Generated<string>
  expiresAt: Timestamp
  token: string
  createdAt: CreatedAt
  updatedAt: Timestamp
  ipAddress: string | null
  userAgent: string | null
  userId: string
}

export interface AuthAccountsTable {
  id: Generated<string>
  accountId: string
  providerId: string
  userId: string
  password: string | null
  createdAt: CreatedAt
  updatedAt: Timestamp
}

export interface AuthVerificationsTable {
  id: Generated<string>
  identifier: string
  value: string
  expiresAt: Timestamp
  createdAt: CreatedAt
  updatedAt: UpdatedAt
}

export interface FansTable {
  id: Generated<string>
  user_id: string | null
  first_name: string
  last_name: string
  email: string | null
  phone_prefix: string | null
  phone_number: string | null
  document_type: string | null
  document_number: string | null
  gender: string | null
  birth_date: ColumnType<string | null, string | null | undefined, string | null>
  country: string
  registration_status: string
  deleted_at: Timestamp | null
  created_at: CreatedAt
  updated_at: UpdatedAt
}

export interface AuthAttemptsTable {
  id: Generated<string>
  kind: string
  subject: string
  created_at: CreatedAt
}

export interface OutboxMessagesTable {
  id: Generated<string>
  channel: string
  recipient: string
  locale: string
  template: string
  subject: string
  text_body: string
  html_body: string | null
  status: Generated<string>
  attempts: Generated<number>
  last_error: string | null
  created_at: CreatedAt
  sent_at: Timestamp | null
}

// Seating (0004).
export interface SeatHoldsTable {
  id: Generated<string>
  event_id: string
  user_id: string | null
  status: string
  created_at: CreatedAt
  expires_at: Timestamp
  updated_at: UpdatedAt
}

export interface EventSeatsTable {
  event_id: string
  section_code: string
  place_index: number
  row_label: string
  seat_number: number
  price_zone_id: string | null
  restriction: string | null
  status: Generated<string>
  hold_id: string | null
  hold_expires_at: Timestamp | null
  change_seq: Generated<number>
}

export interface SeatCustomizationsTable {
  user_id: string
  preferred_sections: ColumnType<string[], string[] | undefined, string[]>
  prefer_aisle: Generated<boolean>
  updated_at: UpdatedAt
}

export interface AuditLogTable {
  id: Generated<string>
  actor_user_id: string | null
  actor_email: string | null
  action: string
  entity: string
  entity_id: string | null
  changes: JSONColumnType<Record<string, unknown>>
  at: CreatedAt
  /** 0017-box-office: the address an operator acted from; null for older and back-office entries. */
  address: Generated<string | null>
}

/** 0018-courtesy: why a courtesy ticket is given (spec §7 courtesy reason types), managed by admins. */
export interface CourtesyReasonsTable {
  code: string
  name_es: string
  name_en: string
  active: Generated<boolean>
  position: Generated<number>
}

/** 0018-courtesy: how many courtesy tickets an event may give, and how many it has. */
export interface CourtesyQuotasTable {
  event_id: string
  quota: number
  issued: Generated<number>
}

/** 0025-installment-plans: an event's paguitos plan, as `installmentPlanSchema` reads it. */
export interface InstallmentPlansTable {
  event_id: string
  plan: Json<unknown>
  updated_at: UpdatedAt
}

/** 0038-organisers: a club, promoter or race organiser whose staff run its own events (issue 43). */
export interface OrganisersTable {
  id: Generated<string>
  country: string
  slug: string
  name: string
  created_at: CreatedAt
}

/** 0038-organisers: a person's role at an organiser (packages/domain/src/organisers/staff-access.ts). */
export interface OrganiserStaffTable {
  organiser_id: string
  user_id: string
  role: string
  added_at: CreatedAt
}

/** 0019-operator-events: the events an admin assigned to an operator (none: every event of the country). */
export interface OperatorEventsTable {
  operator_user_id: string
  event_id: string
  assigned_at: CreatedAt
}

/** 0017-box-office: an operator's shift at the counter, opened with a float and closed by a blind count. */
export interface BoxOfficeShiftsTable {
  id: Generated<string>
  operator_user_id: string
  country: string
  currency: string
  opening_float: Int8
  opened_at: CreatedAt
  closed_at: Timestamp | null
  counted_cash: Int8 | null
  expected_cash: Int8 | null
}

// Checkout and payments (0006).
type Json<T> = ColumnType<T, string, string>
type Int8 = ColumnType<number, number | bigint, number | bigint>
/** A nullable int8 a row may leave out when inserted. */
type OptionalInt8 = ColumnType<number | null, number | bigint | null | undefined, number | bigint | null>

export interface EventFeesTable {
  event_id: string
  percent_bps: Generated<number>
  fixed_amount: ColumnType<number, number | undefined, number>
}

export interface PromoCodesTable {
  id: Generated<string>
  country: string
  code: string
  kind: string
  percent_bps: number | null
  amount: number | null
  currency: string | null
  starts_at: Timestamp | null
  ends_at: Timestamp | null
  max_uses: number | null
  max_uses_per_fan: number | null
  uses: Generated<number>
  event_ids: ColumnType<string[], string[] | undefined, string[]>
  zone_ids: ColumnType<string[], string[] | undefined, string[]>
  active: Generated<boolean>
  created_at: CreatedAt
  /** 0041: whose code it is; null is the platform's own (only platform admins reach it). */
  organiser_id: string | null
  /** 0041: the batch request that made it with others, and that batch's label. */
  batch_id: string | null
  batch_label: string | null
  /** 0041: the staff account that made it in the back office; null for the demo's. */
  created_by: string | null
}

export interface PromoFanUsesTable {
  promo_id: string
  user_id: string
  uses: Generated<number>
}

export interface CartPromosTable {
  hold_id: string
  promo_id: string
  applied_at: Generated<Date>
}

export interface WalletAccountsTable {
  user_id: string
  currency: string
  balance: ColumnType<number, number | undefined, number>
  updated_at: UpdatedAt
}

export interface WalletEntriesTable {
  id: Generated<string>
  user_id: string
  currency: string
  amount: Int8
  kind: string
  reason: string
  order_id: string | null
  created_at: CreatedAt
  /** 0016-order-parties: the payment this entry moves money for; once per payment and kind. */
  payment_id: string | null
}

export interface OrdersTable {
  id: Generated<string>
  code: string
  /** The buyer's account; null for a pre-registered or walk-in buyer (0016-order-parties). */
  user_id: string | null
  hold_id: string
  event_id: string
  country: string
  locale: string
  currency: string
  status: string
  purchase_status: string
  method: string
  provider: string
  subtotal: Int8
  fees: Int8
  discount: Int8
  wallet_amount: Int8
  total: Int8
  promo_id: string | null
  promo_code: string | null
  lines: Json<unknown>
  contact: Json<unknown>
  billing: Json<unknown>
  idempotency_key: string
  failure_code: string | null
  created_at: CreatedAt
  updated_at: UpdatedAt
  paid_at: Timestamp | null
  /** 0016-order-parties: who is on the order (packages/domain/src/orders/parties.ts). */
  buyer_kind: ColumnType<string, string | undefined, string>
  buyer_fan_id: string | null
  buyer_name: string | null
  buyer_email: string | null
  buyer_phone: string | null
  seller_user_id: string | null
  placed_by: string
  channel: ColumnType<string, string | undefined, string>
  purchase_kind: ColumnType<string, string | undefined, string>
  /** 0017-box-office: the shift a counter sale was made in. */
  shift_id: Generated<string | null>
  /** 0018-courtesy: set on a courtesy given at the counter; its tickets are kind COURTESY. */
  courtesy_reason: Generated<string | null>
  /** 0023-entry-by-document: the document the tickets will admit by (IDENTIFICATION); both or neither. */
  entry_document_type: Generated<string | null>
  entry_document_number: Generated<string | null>
  /** 0026-installment-orders: a paguitos order's schedule (`InstallmentSchedule`), and when its plan opened. */
  installment_schedule: ColumnType<unknown, string | null | undefined, string | null>
  plan_opened_at: Generated<Date | null>
  /** 0027-saved-cards: the card a paguitos plan is charged on, automatically, on each due date. */
  saved_card_id: Generated<string | null>
}

/** 0027-saved-cards: a fan's card kept at the provider (its id there; never card data). */
export interface SavedCardsTable {
  id: Generated<string>
  user_id: string
  provider_code: string
  provider_card_id: string
  provider_customer_id: string | null
  brand: string
  last4: string
  created_at: Generated<Date>
  removed_at: Generated<Date | null>
}

/** 0027-saved-cards: each automatic charge of an installment, claimed once per attempt. */
export interface InstallmentChargesTable {
  order_id: string
  seq: number
  attempt: number
  payment_id: string
  created_at: Generated<Date>
}

/** 0026-installment-orders: each plan reminder or warning sent, once per (order, installment, kind). */
export interface InstallmentNoticesTable {
  order_id: string
  seq: number
  kind: string
  sent_at: Generated<Date>
}

export interface PaymentsTable {
  id: Generated<string>
  order_id: string
  user_id: string
  provider_code: string
  method: string
  network: string | null
  transfer_kind: string | null
  bank: string | null
  amount: Int8
  currency: string
  status: string
  transaction_status: string
  provider_payment_id: string | null
  idempotency_key: string
  card_token_hash: string | null
  retry_token: string | null
  decline_reason: string | null
  voucher: Json<unknown> | null
  transfer: Json<unknown> | null
  /** The provider's hosted page for a LINK payment (migration 0008). */
  hosted: Json<unknown> | null
  /** Mercado Pago's payment_method_id and issuer_id of a card payment (migration 0008). */
  card_method: string | null
  card_issuer: string | null
  expires_at: Timestamp | null
  refund_state: string | null
  /** Why an arrived payment goes back: SEAT_UNAVAILABLE, or a term of a late re-taken order (issue 14). */
  refund_reason: string | null
  refund_method: string | null
  created_at: CreatedAt
  updated_at: UpdatedAt
  checked_at: Timestamp | null
  /** 0017-box-office: a cash tender's money handed over and change given back (amount is what it paid). */
  tendered: OptionalInt8
  change_given: OptionalInt8
  /** 0018-courtesy: a counter tender's terminal authorization or courtesy reason. */
  counter_reference: Generated<string | null>
  /** 0024-card-installments: the monthly parts the fan's bank splits a card payment into. */
  card_installments: Generated<number | null>
  /** 0027-saved-cards: a payment charged on a saved card instead of a one-use token. */
  saved_card_id: Generated<string | null>
  /** 0029-counter-instalments: the shift whose drawer took a counter payment; null: its order's shift. */
  shift_id: Generated<string | null>
  /** 0043-payment-card-last4: the paying card's last four digits, as its provider said them. */
  card_last4: Generated<string | null>
}

export interface UsedCardTokensTable {
  token_hash: string
  payment_id: string
  created_at: CreatedAt
}

export interface TicketsTable {
  id: Generated<string>
  order_id: string
  event_id: string
  /** Null while the ticket belongs to a pre-registered fan without an account (0007-tickets). */
  owner_user_id: string | null
  section_code: string
  place_index: number
  row_label: string
  seat_number: number
  zone_name: string | null
  kind: string
  ownership: string
  status: string
  qr_secret: Uint8Array
  created_at: CreatedAt
  /** 0007-tickets: bumped with each new secret, so an older code is recognisably superseded. */
  secret_version: Generated<number>
  owner_fan_id: string | null
  /** 0016-order-parties: the holder's name when not the buyer's (an inscription's participant). */
  holder_name: Generated<string | null>
  /** 0018-courtesy: the reason of a COURTESY ticket. */
  courtesy_reason: Generated<string | null>
  /** 0021-paper-ticket-codes: a paper ticket's code (static, even when its event's rotates); null: the event's. */
  qr_type: Generated<string | null>
  /** 0023-entry-by-document: the holder's document the gate admits this ticket by; cleared by a transfer. */
  entry_document_type: Generated<string | null>
  entry_document_number: Generated<string | null>
}

export interface TicketTransfersTable {
  id: Generated<string>
  ticket_id: string
  from_user_id: string
  to_fan_id: string
  to_user_id: string | null
  contact: string
  created_at: CreatedAt
}

export interface TicketCheckinsTable {
  ticket_id: string
  event_id: string
  gate: string
  operator_user_id: string
  secret_version: number
  checked_in_at: CreatedAt
}

export interface PaymentWebhooksTable {
  id: Generated<string>
  provider: string
  notification_id: string
  provider_payment_id: string
  status: Generated<string>
  outcome: string | null
  body: string
  received_at: CreatedAt
  processed_at: Timestamp | null
  /** When a delivery started applying it; null when no delivery is (see migration 0012). */
  claimed_at: Timestamp | null
}

/** 0036-presales: what the sandbox provider learnt of a card it tokenized (never the number or the code). */
export interface SandboxCardTokensTable {
  token: string
  bin: string
  card_type: string
  brand: string
  last4: string
  created_at: CreatedAt
}

export interface SandboxPaymentsTable {
  id: Generated<string>
  payment_id: string
  idempotency_key: string
  kind: string
  method: string
  amount: Int8
  currency: string
  status: string
  decline_reason: string | null
  reference: string | null
  barcode: string | null
  clabe: string | null
  return_url: string | null
  back_urls: Json<unknown> | null
  expires_at: Timestamp | null
  created_at: CreatedAt
  updated_at: UpdatedAt
}

/** 0031-inscriptions: an event's sign-up form, filled once per participant (packages/domain forms). */
export interface InscriptionFormsTable {
  event_id: string
  definition: ColumnType<unknown, string, string>
  updated_at: UpdatedAt
}

/** 0031-inscriptions: the participants' answers of a reservation, saved as the fan types. */
export interface InscriptionDraftsTable {
  hold_id: string
  user_id: string
  participants: ColumnType<unknown, string, string>
  complete: Generated<boolean>
  updated_at: UpdatedAt
}

/** 0031-inscriptions: one participant of a placed order, as the organiser exports them. */
export interface InscriptionEntriesTable {
  id: Generated<string>
  order_id: string
  event_id: string
  seq: number
  zone_name: string
  participant_name: string
  answers: ColumnType<unknown, string, string>
  created_at: CreatedAt
}

/** 0030-uploads: a private file for an inscription form, from upload URL to attached (issue 17 part 3). */
export interface UploadsTable {
  id: string
  user_id: string
  event_id: string
  field: string
  file_name: string
  content_type: string
  max_bytes: number
  size: number | null
  status: string
  reject_code: string | null
  staging_key: string | null
  stored_key: string | null
  put_token_hash: string | null
  expires_at: Timestamp
  used_at: Timestamp | null
  completed_at: Timestamp | null
  attached_at: Timestamp | null
  order_id: string | null
  created_at: Timestamp
}

/** 0035-waiting-rooms: a waiting room per event's sale window (issue 42 part 1). */
export interface WaitingRoomsTable {
  event_id: string
  enabled: Generated<boolean>
  opens_at: Timestamp
  target_checkouts: Generated<number>
  manual_rate_per_minute: number | null
  rate_per_minute: Generated<number>
  rate_computed_at: Timestamp | null
  admin_paused: Generated<boolean>
  health_paused_because: string | null
  shuffle_seed: number
  shuffled_at: Timestamp | null
  drawn_count: Generated<number>
  admitted_key: ColumnType<string, string | number | undefined, string | number>
  cursor_at: Timestamp | null
  admit_credit: Generated<number>
  updated_at: UpdatedAt
}

/** 0035-waiting-rooms: one fan's place (an account's, or a visitor device's) in an event's waiting room. */
export interface WaitingRoomPlacesTable {
  id: string
  event_id: string
  holder: string
  user_id: string | null
  seq: ColumnType<string, string | number, string | number>
  pre_queue: boolean
  queue_key: ColumnType<string | null, string | number | null, string | number | null>
  joined_at: CreatedAt
  admitted_at: Timestamp | null
  spent_at: Timestamp | null
}

/** 0040-attendee-exports: an export of an event's attendees written by a job (issue 43 part 4). */
export interface AttendeeExportsTable {
  id: Generated<string>
  event_id: string
  format: string
  status: Generated<string>
  locale: string
  requested_by: string
  rows_total: number | null
  rows_written: Generated<number>
  file_key: string | null
  byte_size: OptionalInt8
  created_at: CreatedAt
  started_at: Timestamp | null
  finished_at: Timestamp | null
  file_expires_at: Timestamp | null
}

/** 0042-sales-rollups: an event's sales per hour of payment, channel, method and tier (issue 43 part 6). */
export interface SalesRollupsTable {
  event_id: string
  hour: Date
  channel: string
  method: string
  zone: string
  orders: Int8
  tickets: Int8
  refunded_tickets: Int8
  gross: Int8
  fees: Int8
  refunds: Int8
}

/** 0042-sales-rollups: what an order last added to `sales_rollups` (its parts per tier, as JSON). */
export interface SalesContributionsTable {
  order_id: string
  event_id: string
  hour: Date | null
  channel: string
  method: string
  parts: Json<unknown>
  updated_at: Generated<Date>
}

/** 0042-sales-rollups: orders whose sale changed, waiting for the rollup job. */
export interface SalesRollupMarksTable {
  order_id: string
  version: Generated<string>
  marked_at: Generated<Date>
}

export interface Database {
  inscription_forms: InscriptionFormsTable
  inscription_drafts: InscriptionDraftsTable
  inscription_entries: InscriptionEntriesTable
  app_meta: AppMetaTable
  venues: VenuesTable
  layouts: LayoutsTable
  categories: CategoriesTable
  sport_organizations: SportOrganizationsTable
  tours: ToursTable
  events: EventsTable
  price_zones: PriceZonesTable
  event_product_items: EventProductItemsTable
  sponsor_banners: SponsorBannersTable
  ticket_frames: TicketFramesTable
  auth_users: AuthUsersTable
  auth_sessions: AuthSessionsTable
  auth_accounts: AuthAccountsTable
  auth_verifications: AuthVerificationsTable
  fans: FansTable
  auth_attempts: AuthAttemptsTable
  outbox_messages: OutboxMessagesTable
  seat_holds: SeatHoldsTable
  event_seats: EventSeatsTable
  seat_customizations: SeatCustomizationsTable
  audit_log: AuditLogTable
  box_office_shifts: BoxOfficeShiftsTable
  courtesy_reasons: CourtesyReasonsTable
  courtesy_quotas: CourtesyQuotasTable
  installment_plans: InstallmentPlansTable
  installment_notices: InstallmentNoticesTable
  saved_cards: SavedCardsTable
  installment_charges: InstallmentChargesTable
  operator_events: OperatorEventsTable
  organisers: OrganisersTable
  organiser_staff: OrganiserStaffTable
  event_fees: EventFeesTable
  promo_codes: PromoCodesTable
  promo_fan_uses: PromoFanUsesTable
  cart_promos: CartPromosTable
  wallet_accounts: WalletAccountsTable
  wallet_entries: WalletEntriesTable
  orders: OrdersTable
  payments: PaymentsTable
  used_card_tokens: UsedCardTokensTable
  tickets: TicketsTable
  ticket_transfers: TicketTransfersTable
  ticket_checkins: TicketCheckinsTable
  payment_webhooks: PaymentWebhooksTable
  sandbox_payments: SandboxPaymentsTable
  sandbox_card_tokens: SandboxCardTokensTable
  uploads: UploadsTable
  waiting_rooms: WaitingRoomsTable
  waiting_room_places: WaitingRoomPlacesTable
  attendee_exports: AttendeeExportsTable
  sales_rollups: SalesRollupsTable
  sales_contributions: SalesContributionsTable
  sales_rollup_marks: SalesRollupMarksTable
}
