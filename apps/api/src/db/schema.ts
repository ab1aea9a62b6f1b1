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

export interface HoldLocksTable {
  event_id: string
  user_id: string
  touched_at: Generated<Date>
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
}

export interface Database {
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
  hold_locks: HoldLocksTable
  seat_customizations: SeatCustomizationsTable
  audit_log: AuditLogTable
}
