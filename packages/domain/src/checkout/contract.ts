import { z } from 'zod'
import { SALES_CHANNELS } from '../catalog/vocabulary.js'
import { currencySchema } from '../locale/country.js'
import {
  CHECKOUT_RESULTS,
  ORDER_STATUSES,
  PAYMENT_RECORD_STATUSES,
  PURCHASE_STATUSES,
  RESERVATION_STATUSES,
} from '../orders/statuses.js'
// The vocabulary's plain lists, not its schemas: a page that reads a list (the result pages' providers)
// shares the vocabulary module with this contract, and a schema there would load zod before it is needed.
import { CASH_OPTIONS, MEXICAN_CASH_NETWORKS, PAYMENT_METHODS, PURCHASE_KINDS } from '../orders/vocabulary.js'
import { DOCUMENT_TYPES } from '../people/vocabulary.js'
import { presaleNoticeSchema } from './presale.js'

/**
 * The checkout HTTP contract (issue 6), shared by the API routes and the web pages. Every amount is an
 * integer in minor units of the cart's `currency` (DESIGN §5); the server recomputes every figure, so a
 * client-sent amount is only ever compared, never trusted.
 */

/**
 * Methods a fan can pick at `/checkout/buy`; which are offered depends on the country and its provider (see
 * methodsFor). LINK is spec §3's payment link: the fan pays on the provider's hosted page (Mercado Pago
 * Checkout Pro), started through `/api/checkout/preference-id` rather than `/api/checkout/orders`.
 */
/**
 * FREE is ours, not the spec's (§3 lists how money is paid; a zero total pays none): an order whose total is
 * zero is confirmed with nothing to pay, and its tickets are of kind FREE (issue 13).
 */
// TPV, COURTESY and RESERVATION: a card-terminal payment, a courtesy given, and seats kept for payment at the
// box office (issue 15); never online.
export const CHECKOUT_METHODS = [
  'CARD',
  'CASH',
  'TRANSFER',
  'LINK',
  'WALLET',
  'FREE',
  'TPV',
  'COURTESY',
  'RESERVATION',
] as const
export type CheckoutMethod = (typeof CHECKOUT_METHODS)[number]
export const checkoutMethodSchema = z.enum(CHECKOUT_METHODS)

/** Cash networks per country: Mexico's four networks (spec §3) and Colombia's cash options. */
export const CASH_NETWORKS = [...MEXICAN_CASH_NETWORKS, ...CASH_OPTIONS] as const
export type CashNetwork = (typeof CASH_NETWORKS)[number]
export const cashNetworkSchema = z.enum(CASH_NETWORKS)

/** SPEI is Mexico's bank transfer (CLABE + reference); PSE is Colombia's bank redirect. */
export const TRANSFER_KINDS = ['SPEI', 'PSE'] as const
export type TransferKind = (typeof TRANSFER_KINDS)[number]
export const transferKindSchema = z.enum(TRANSFER_KINDS)

export const cartLineSchema = z.object({
  /** Seat key `${section}/${row}-${seat}` as used by the seating API. */
  key: z.string(),
  zoneName: z.string().nullable(),
  section: z.string(),
  /**
   * The layout's display name of the section ("Balcón centro"), as the seat map and its list show it; null or
   * absent without a map (a zone's places have no section of their own) or on a line stored before it was kept.
   */
  sectionName: z.string().nullable().optional(),
  row: z.string(),
  seat: z.int(),
  unitPrice: z.int(),
  fee: z.int(),
  discount: z.int(),
  total: z.int(),
})
export type CartLine = z.infer<typeof cartLineSchema>

export const cartSchema = z.object({
  reservationId: z.uuid(),
  reservationStatus: z.enum(RESERVATION_STATUSES),
  event: z.object({
    id: z.uuid(),
    slug: z.string(),
    name: z.string(),
    startsAt: z.string(),
    timeZone: z.string(),
    venueName: z.string(),
    imageUrl: z.string().nullable(),
  }),
  currency: currencySchema,
  /** When the seats are released unless paid (or a voucher extends it). */
  expiresAt: z.string(),
  lines: z.array(cartLineSchema),
  subtotal: z.int(),
  fees: z.int(),
  discount: z.int(),
  total: z.int(),
  promoCode: z.object({ code: z.string(), discount: z.int() }).nullable(),
  /** The fan's wallet balance in the cart's currency. */
  walletBalance: z.int(),
  methods: z.array(checkoutMethodSchema),
  cashNetworks: z.array(cashNetworkSchema),
  transferKinds: z.array(transferKindSchema),
  /**
   * An inscription's participant forms (issue 17): none asked, still to fill (the order cannot be placed
   * yet: the cart leads to /checkout/inscriptions/form), or filled and submitted.
   */
  participantsForm: z.enum(['NONE', 'TO_FILL', 'FILLED']),
  /**
   * A bank-card presale tier in the cart (issue 42 part 2): its sponsor and the card types it takes; `methods`
   * is then CARD alone. Absent or null: no presale.
   */
  presale: presaleNoticeSchema.nullable().optional(),
})
export type Cart = z.infer<typeof cartSchema>

export const cartQuerySchema = z.object({ reservation: z.uuid() })

export const applyPromoBodySchema = z.object({
  reservationId: z.uuid(),
  code: z.string().trim().min(1).max(40),
})

export const balanceSchema = z.object({ balance: z.int(), currency: currencySchema })

export const contactSchema = z.object({
  firstName: z.string().trim().min(1).max(80),
  lastName: z.string().trim().min(1).max(80),
  email: z.email().max(254),
  /** E.164, e.g. +573001234567. */
  phone: z.string().regex(/^\+\d{9,15}$/),
})

export const billingSchema = z.object({
  fullName: z.string().trim().min(1).max(160),
  documentType: z.enum(DOCUMENT_TYPES),
  documentNumber: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{3,20}$/),
  address: z.string().trim().max(200).optional(),
})

export const paymentChoiceSchema = z.discriminatedUnion('method', [
  z.object({
    method: z.literal('CARD'),
    /** A one-use token from the provider's browser tokenizer; card data never reaches our server. */
    cardToken: z.string().min(8).max(200),
    /**
     * Mercado Pago charges need the card's payment method (`visa`, `master`, `debvisa`…) and issuer, which
     * its payment-method search by BIN gives the browser next to the token; other providers ignore them.
     */
    paymentMethodId: z
      .string()
      .regex(/^[a-z0-9_]{2,40}$/)
      .optional(),
    issuerId: z
      .string()
      .regex(/^\d{1,20}$/)
      .optional(),
    installments: z.int().min(1).max(36).default(1),
    /** The wallet may pay part; the card pays the rest. */
    walletAmount: z.int().min(0).default(0),
  }),
  z.object({
    method: z.literal('CASH'),
    network: cashNetworkSchema,
    walletAmount: z.int().min(0).default(0),
  }),
  z.object({
    method: z.literal('TRANSFER'),
    kind: transferKindSchema,
    /** PSE bank code (Colombia); SPEI needs none. */
    bank: z.string().max(20).optional(),
    walletAmount: z.int().min(0).default(0),
  }),
  z.object({ method: z.literal('WALLET') }),
  /** Only for a total of zero: confirms the order without any payment. */
  z.object({ method: z.literal('FREE') }),
])
export type PaymentChoice = z.infer<typeof paymentChoiceSchema>

export const placeOrderBodySchema = z.object({
  reservationId: z.uuid(),
  contact: contactSchema,
  billing: billingSchema,
  payment: paymentChoiceSchema,
  /** The total the fan saw; a different server total answers AMOUNT_MISMATCH instead of charging. */
  expectedTotal: z.int(),
  currency: currencySchema,
  /** One per pay-button press cycle: a double submit with the same key returns the same order. */
  idempotencyKey: z.string().min(8).max(100),
})
export type PlaceOrderBody = z.infer<typeof placeOrderBodySchema>

/**
 * `POST /api/checkout/preference-id` (spec §7): the same order as a place-order body, paid as a whole on the
 * provider's hosted page (no wallet share: the page charges one amount).
 */
export const hostedPaymentBodySchema = placeOrderBodySchema.omit({ payment: true })
export type HostedPaymentBody = z.infer<typeof hostedPaymentBodySchema>

export const hostedPaymentResultSchema = z.object({
  orderId: z.uuid(),
  /**
   * The provider's preference id (Mercado Pago Checkout Pro), for a Wallet Brick or support; null when no
   * page was needed (a free order, paid at once).
   */
  preferenceId: z.string().nullable(),
  /**
   * Where the browser goes: the provider's hosted page while the order waits for payment, or the order's
   * own page once it has moved on (a repeated request after the payment was decided).
   */
  redirectUrl: z.string(),
})
export type HostedPaymentResult = z.infer<typeof hostedPaymentResultSchema>

export const voucherSchema = z.object({
  network: cashNetworkSchema,
  reference: z.string(),
  /** Digits encoded in the voucher's barcode (Code 128). */
  barcode: z.string(),
  amount: z.int(),
  expiresAt: z.string(),
})

export const transferSchema = z.object({
  kind: transferKindSchema,
  /** SPEI: 18-digit CLABE with a valid check digit. */
  clabe: z.string().nullable(),
  bankName: z.string().nullable(),
  reference: z.string(),
  amount: z.int(),
  expiresAt: z.string(),
  /** PSE: where the fan is sent to approve the debit at their bank. */
  redirectUrl: z.string().nullable(),
})

export const orderTicketSchema = z.object({
  id: z.uuid(),
  section: z.string(),
  row: z.string(),
  seat: z.int(),
  zoneName: z.string().nullable(),
})

/**
 * A paguitos order's plan (issue 16), as `installments/standing.ts` derives it: the deposit (seq 0) and each
 * scheduled payment with its status, the next one owed, and where the plan stands.
 */
export const orderPlanSchema = z.object({
  lines: z.array(
    z.object({
      seq: z.int().min(0),
      dueAt: z.iso.datetime(),
      amount: z.int(),
      status: z.enum(['PAID', 'PENDING']),
      covered: z.int(),
    }),
  ),
  next: z.object({ seq: z.int(), dueAt: z.iso.datetime(), amount: z.int() }).nullable(),
  standing: z.enum(['PAID', 'CURRENT', 'OVERDUE', 'LAPSED']),
  /** The plan was cancelled after a missed payment (its tickets revoked, its seats back on sale). */
  cancelled: z.boolean(),
  /** The saved card each installment is charged on when due; null when the fan pays them by hand. */
  autoCharge: z.object({ brand: z.string(), last4: z.string() }).nullable(),
})
export type OrderPlan = z.infer<typeof orderPlanSchema>

/**
 * `POST /api/checkout/orders/:id/payments` (issue 16 part 4): the fan pays the next installment of a plan, or
 * the whole balance early, with any method of the country. `expectedAmount` is what the page showed; the
 * server recomputes it and answers AMOUNT_MISMATCH when the plan moved meanwhile.
 */
export const payInstallmentBodySchema = z.object({
  part: z.enum(['NEXT', 'BALANCE']),
  payment: paymentChoiceSchema,
  expectedAmount: z.int().min(1),
  idempotencyKey: z.string().min(8).max(100),
})
export type PayInstallmentBody = z.infer<typeof payInstallmentBodySchema>

/** A fan's saved card (issue 16 part 3): only what the provider lets us show. */
export const savedCardSchema = z.object({
  id: z.uuid(),
  brand: z.string(),
  last4: z.string(),
  createdAt: z.iso.datetime(),
})
export type SavedCard = z.infer<typeof savedCardSchema>

/**
 * `POST /api/checkout-service/installment`: a place-order body, and whether to save the card the deposit is
 * paid with, to charge each installment on its due date automatically.
 */
export const placeInstallmentBodySchema = placeOrderBodySchema.extend({ saveCard: z.boolean().optional() })
export type PlaceInstallmentBody = z.infer<typeof placeInstallmentBodySchema>

/**
 * `GET /api/checkout-service/installment?reservation=` (spec §7): what the event's paguitos plan comes to for
 * this reservation bought now — null when the event has no plan or it is not offered for this total or date.
 */
export const installmentQuoteSchema = z.object({
  currency: currencySchema,
  total: z.int(),
  schedule: z
    .object({
      deposit: z.int(),
      payments: z.array(z.object({ seq: z.int(), dueAt: z.iso.datetime(), amount: z.int() })),
    })
    .nullable(),
  /** The country's provider can keep the deposit's card to charge each installment when due (`saveCard`). */
  canSaveCard: z.boolean(),
})
export type InstallmentQuote = z.infer<typeof installmentQuoteSchema>

export const orderViewSchema = z.object({
  id: z.uuid(),
  /** Short human code, e.g. PAL-7KQ2MX. */
  code: z.string(),
  status: z.enum(ORDER_STATUSES),
  purchaseStatus: z.enum(PURCHASE_STATUSES),
  paymentStatus: z.enum(PAYMENT_RECORD_STATUSES),
  result: z.enum(CHECKOUT_RESULTS),
  method: checkoutMethodSchema,
  provider: z.string(),
  currency: currencySchema,
  subtotal: z.int(),
  fees: z.int(),
  discount: z.int(),
  walletAmount: z.int(),
  total: z.int(),
  /** TICKET, or INSTALLMENT when paid by a deposit and later payments (spec §3). */
  purchaseKind: z.enum(PURCHASE_KINDS),
  // The plain list, not the catalogue's schema, for the same reason as the vocabulary's lists above (there:
  // the home page, which reads the catalogue's sport types).
  channel: z.enum(SALES_CHANNELS),
  /** The sum of its settled payments, and what is still owed (issue 14: the order is paid when they meet). */
  paid: z.int(),
  outstanding: z.int(),
  /** Every payment, oldest first: a wallet part and a card part, a deposit and the balance. */
  payments: z.array(
    z.object({
      method: z.enum(PAYMENT_METHODS).or(z.literal('FREE')),
      amount: z.int(),
      status: z.enum(PAYMENT_RECORD_STATUSES),
      /** A card payment's monthly parts at the fan's bank (issue 16 part 7); null for anything else. */
      cardInstallments: z.int().nullable(),
    }),
  ),
  createdAt: z.string(),
  event: cartSchema.shape.event,
  lines: z.array(cartLineSchema),
  tickets: z.array(orderTicketSchema),
  voucher: voucherSchema.nullable(),
  transfer: transferSchema.nullable(),
  /** Translation key suffix for a failure, e.g. CARD_DECLINED. */
  failureCode: z.string().nullable(),
  /** A paguitos plan once its deposit is paid (issue 16); null for any other order. */
  plan: orderPlanSchema.nullable(),
})
export type OrderView = z.infer<typeof orderViewSchema>

export const placeOrderResultSchema = z.object({
  order: orderViewSchema,
  /** The web path to go to next: a result page, the cash or transfer page, or a bank redirect. */
  next: z.string(),
})
export type PlaceOrderResult = z.infer<typeof placeOrderResultSchema>
