import { z } from 'zod'
import { currencySchema, PHONE_PREFIXES } from '../locale/country.js'
import { ORDER_STATUSES, PURCHASE_STATUSES } from '../orders/statuses.js'
import { TICKET_KINDS, TICKET_OWNERSHIPS, TICKET_RULE_KEYS } from '../orders/vocabulary.js'
import { DOCUMENT_TYPES } from '../people/vocabulary.js'
import { LOCATION_LABEL_KEYS } from './location.js'
import { QR_TYPES } from './qr.js'
import { CODE_VERDICTS } from './qr-code.js'

/**
 * The HTTP contract of my purchases, my tickets, transfer and gate check-in (issue 7), shared by the API
 * routes and the web pages. Lists never carry a QR secret; only the ticket detail does, for its owner.
 */

// Spec §9: first page 0, size 20.
export const DEFAULT_PAGE = 0
export const DEFAULT_PAGE_SIZE = 20
export const MAX_PAGE_SIZE = 100

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(0).max(100_000).default(DEFAULT_PAGE),
  size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
})

export const ticketEventSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  type: z.string(),
  country: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  /** IANA zone of the venue; dates are shown in it (DESIGN §5). */
  timeZone: z.string(),
  venueName: z.string(),
  city: z.string(),
  imageUrl: z.string().nullable(),
  qrType: z.enum(QR_TYPES),
})
export type TicketEvent = z.infer<typeof ticketEventSchema>

export const purchaseItemSchema = z.object({
  section: z.string(),
  row: z.string(),
  seat: z.int(),
  zoneName: z.string().nullable(),
  total: z.int(),
})

/** What is still to be paid on a pending purchase: a cash voucher or a bank transfer. */
export const pendingPaymentSchema = z.object({
  kind: z.enum(['CASH', 'TRANSFER']),
  network: z.string().nullable(),
  reference: z.string(),
  barcode: z.string().nullable(),
  clabe: z.string().nullable(),
  bankName: z.string().nullable(),
  amount: z.int(),
  expiresAt: z.string(),
})
export type PendingPayment = z.infer<typeof pendingPaymentSchema>

export const purchaseSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  status: z.enum(ORDER_STATUSES),
  purchaseStatus: z.enum(PURCHASE_STATUSES),
  method: z.string(),
  provider: z.string(),
  currency: currencySchema,
  subtotal: z.int(),
  fees: z.int(),
  discount: z.int(),
  total: z.int(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  event: ticketEventSchema,
  items: z.array(purchaseItemSchema),
  ticketCount: z.int(),
  /** The monthly parts its card payment was split into at the fan's bank; null when not a card's. */
  cardInstallments: z.int().nullable(),
  /** A paguitos plan (issue 16), open, paid or cancelled: its installments are on /checkout/installment. */
  plan: z.boolean(),
  pending: pendingPaymentSchema.nullable(),
})
export type Purchase = z.infer<typeof purchaseSchema>

export const purchasePageSchema = z.object({
  items: z.array(purchaseSchema),
  page: z.int(),
  size: z.int(),
  total: z.int(),
  totalPages: z.int(),
})
export type PurchasePage = z.infer<typeof purchasePageSchema>

export const locationPartSchema = z.object({ key: z.enum(LOCATION_LABEL_KEYS), value: z.string() })

/** The fan's view of a ticket: TRANSFERRED is a ticket they gave away (read-only, no code). */
export const ticketSummarySchema = z.object({
  id: z.uuid(),
  purchaseId: z.uuid(),
  eventId: z.uuid(),
  section: z.string(),
  row: z.string(),
  seat: z.int(),
  zoneName: z.string().nullable(),
  location: z.array(locationPartSchema),
  /** The name the ticket is for: an inscription's participant (issue 17), a walk-in sold at the counter. */
  holderName: z.string().nullable(),
  kind: z.enum(TICKET_KINDS),
  ownership: z.enum(TICKET_OWNERSHIPS),
  /** LOCKED: a paguitos ticket whose plan is not paid yet: no code, no transfer (issue 16 part 6). */
  status: z.enum(['VALID', 'USED', 'TRANSFERRED', 'LOCKED']),
  checkedInAt: z.string().nullable(),
  /** Masked email or phone of the receiver, on a ticket the fan transferred. */
  transferredTo: z.string().nullable(),
})
export type TicketSummary = z.infer<typeof ticketSummarySchema>

export const eventTicketsSchema = z.object({
  event: ticketEventSchema,
  tickets: z.array(ticketSummarySchema),
})
export type EventTickets = z.infer<typeof eventTicketsSchema>
export const myTicketsSchema = z.object({ events: z.array(eventTicketsSchema) })

export const ticketRuleSchema = z.object({ key: z.enum(TICKET_RULE_KEYS), count: z.int().nullable() })

export const ticketFrameSchema = z.object({
  name: z.string(),
  imageUrl: z.string().nullable(),
  backgroundColor: z.string(),
  textColor: z.string(),
  accentColor: z.string(),
})

export const qrMaterialSchema = z.discriminatedUnion('type', [
  z.object({ type: z.enum(['STATIC_DEFAULT', 'STATIC_ENCRYPTED']), code: z.string() }),
  z.object({
    type: z.enum(['DYNAMIC_DEFAULT', 'DYNAMIC_ENCRYPTED']),
    ticketId: z.uuid(),
    version: z.int(),
    secret: z.string(),
    signedBase: z.string().nullable(),
    stepSeconds: z.int(),
  }),
])

export const ticketDetailSchema = ticketSummarySchema.extend({
  event: ticketEventSchema,
  purchaseCode: z.string(),
  rules: z.array(ticketRuleSchema),
  frame: ticketFrameSchema.nullable(),
  transferable: z.boolean(),
  checkIn: z.object({ at: z.string(), gate: z.string() }).nullable(),
  /** Only for a ticket the fan holds and that is not used yet. */
  qr: qrMaterialSchema.nullable(),
})
export type TicketDetail = z.infer<typeof ticketDetailSchema>

// The receiver is named by email, or by phone with its country prefix.
export const transferBodySchema = z.union([
  z.object({ email: z.email().max(200) }),
  z.object({ phonePrefix: z.enum(PHONE_PREFIXES), phone: z.string().regex(/^\d{7,12}$/) }),
])
export type TransferBody = z.infer<typeof transferBodySchema>

export const transferResultSchema = z.object({
  ticketId: z.uuid(),
  ownership: z.enum(TICKET_OWNERSHIPS),
  transferredTo: z.string(),
  receiverPreRegistered: z.boolean(),
})

/**
 * NOT_PAID: a paguitos ticket whose plan is still being paid (issue 16 part 6). EVENT_CANCELLED: the ticket's
 * event was cancelled and the ticket refunded (issue 16 part 5), so the gate says why rather than "invalid".
 */
export const CHECK_IN_RESULTS = [...CODE_VERDICTS, 'ALREADY_USED', 'NOT_PAID', 'EVENT_CANCELLED'] as const
export type CheckInResult = (typeof CHECK_IN_RESULTS)[number]

export const checkInBodySchema = z.object({
  code: z.string().trim().min(1).max(400),
  eventId: z.uuid(),
  gate: z.string().trim().min(1).max(40),
  /**
   * An entry the gate admitted offline and sends later: when it scanned the code. The code is judged at
   * that moment (a rotating code was live then) and the entry is recorded then, within the bounds of
   * `acceptScanTime` (scan-time.ts). Absent for a live scan: the server's clock decides.
   */
  scannedAt: z.iso.datetime({ offset: true }).optional(),
})
export type CheckInBody = z.infer<typeof checkInBodySchema>

/**
 * A holder who enters by identity document (a counter sale with IDENTIFICATION): the gate types the document
 * it was shown, and the next of that document's unused tickets for the event is admitted.
 */
export const checkInByDocumentBodySchema = checkInBodySchema.omit({ code: true, scannedAt: true }).extend({
  // The plain list, not people/vocabulary's schema: sharing that module's schema would load zod up front
  // on every page that lists document types (the checkout's billing form).
  documentType: z.enum(DOCUMENT_TYPES),
  documentNumber: z.string().trim().min(3).max(20),
})
export type CheckInByDocumentBody = z.infer<typeof checkInByDocumentBodySchema>

export const checkInResponseSchema = z.object({
  result: z.enum(CHECK_IN_RESULTS),
  ticket: z
    .object({
      id: z.uuid(),
      section: z.string(),
      row: z.string(),
      seat: z.int(),
      zoneName: z.string().nullable(),
      kind: z.enum(TICKET_KINDS),
      location: z.array(locationPartSchema),
      /** Whom the ticket is for (an inscription's participant): the gate may ask for their name. */
      holderName: z.string().nullable(),
    })
    .nullable(),
  /** When the ticket was admitted: now for VALID, the first scan for ALREADY_USED. */
  checkedInAt: z.string().nullable(),
  gate: z.string().nullable(),
})
export type CheckInResponse = z.infer<typeof checkInResponseSchema>

/** Everything a gate device needs to verify this event's codes without the network. */
export const offlinePackageSchema = z.object({
  eventId: z.uuid(),
  qrType: z.enum(QR_TYPES),
  generatedAt: z.string(),
  stepSeconds: z.int(),
  windowSteps: z.int(),
  /** Ed25519 public key, raw 32 bytes, base64url. */
  publicKey: z.string(),
  /** Every ticket that admits to this event: its own, and season passes or bundles that include it. */
  tickets: z.array(
    z.object({
      ticketId: z.uuid(),
      /** The event the ticket was sold for (a product's id for a pass): what an encrypted code names. */
      eventId: z.uuid(),
      /** A pass carries its product's QR type, which may differ from this event's. */
      qrType: z.enum(QR_TYPES),
      version: z.int(),
      /** STATIC_DEFAULT: SHA-256 of the secret, base64url (the secret itself stays on the server). */
      secretDigest: z.string().nullable(),
      /** Dynamic types: the HMAC secret, base64url. */
      secret: z.string().nullable(),
    }),
  ),
  /** Superseded codes: any code of this ticket with a version below `validVersion` is refused. */
  revoked: z.array(z.object({ ticketId: z.uuid(), validVersion: z.int() })),
  /** Entries at this event so far (a pass used at another included event is still to be admitted here). */
  checkedIn: z.array(z.object({ ticketId: z.uuid(), at: z.string(), gate: z.string() })),
})
export type OfflinePackage = z.infer<typeof offlinePackageSchema>

export const gateEventsSchema = z.object({
  events: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      startsAt: z.string(),
      timeZone: z.string(),
      venueName: z.string(),
    }),
  ),
})
export type GateEvents = z.infer<typeof gateEventsSchema>
