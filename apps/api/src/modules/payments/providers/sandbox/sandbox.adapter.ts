import { createHmac, timingSafeEqual } from 'node:crypto'
import { bankNameOfClabe, makeClabe } from '@palco/domain/checkout/clabe'
import { type RandomBytes, voucherBarcode, voucherReference } from '@palco/domain/checkout/codes'
import {
  CARD_TYPES,
  type CardFacts,
  type CardType,
  sandboxBinOf,
  sandboxCardTypeOf,
} from '@palco/domain/checkout/presale'
import {
  readSandboxToken,
  type SandboxCardInput,
  type SandboxOutcome,
  type TokenizeResult,
  tokenizeSandboxCard,
} from '@palco/domain/checkout/sandbox-cards'
import type { Money } from '@palco/domain/money/money'
import { canSandboxTransition, type SandboxPaymentStatus } from '@palco/domain/payments/sandbox-lifecycle'
import type { Db } from '../../../../db/dialect.js'
import {
  type CardChargeInput,
  type CashVoucherInput,
  type CashVoucherResult,
  type HostedPaymentInput,
  type HostedPaymentResult,
  type PaymentProviderAdapter,
  type ProviderPaymentResult,
  type ProviderPaymentStatus,
  ProviderUnavailableError,
  type SaveCardInput,
  type SavedCardRef,
  type SavedCardResult,
  type TransferInput,
  type TransferResult,
  type WebhookNotice,
  type WebhookRequest,
} from '../../provider.js'
import { ProviderUnsupportedError } from '../shared/provider-http.js'
import {
  findSandboxCardToken,
  findSandboxPayment,
  insertOrGetSandboxPayment,
  moveSandboxPayment,
  recordSandboxCardToken,
} from './sandbox.repository.js'

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature'

/** Store codes printed before the reference on a voucher's barcode, one per network. */
const NETWORK_CODES: Readonly<Record<string, string>> = {
  oxxo: '7001',
  paycash: '7002',
  banamex: '7003',
  bancomer: '7004',
  cash: '5701',
  cashInClub: '5702',
}

const PSE_BANKS: Readonly<Record<string, string>> = {
  '1007': 'Bancolombia',
  '1051': 'Davivienda',
  '1001': 'Banco de Bogotá',
  '1023': 'Banco de Occidente',
  '1507': 'Nequi',
}

const DECLINE_REASON: Partial<Record<SandboxOutcome, string>> = {
  declined: 'cc_rejected_other_reason',
  insufficient: 'cc_rejected_insufficient_amount',
  cvv: 'cc_rejected_bad_filled_security_code',
}

export const signSandboxBody = (secret: string, rawBody: string): string =>
  createHmac('sha256', secret).update(rawBody).digest('hex')

/**
 * The built-in pretend provider (issue 6 part 4): works offline, keeps its own books in
 * `sandbox_payments`, and answers like a real one — idempotent per key, a timeout that did charge,
 * vouchers and transfers that stay pending until the dev endpoints settle them, signed webhooks.
 */
export class SandboxAdapter implements PaymentProviderAdapter {
  readonly code = 'sandbox' as const
  readonly hostedCheckout: boolean
  readonly savedCards = true

  constructor(
    private readonly opts: {
      db: Db
      webhookSecret: string
      random: RandomBytes
      /**
       * Whether its hosted page can be shown: the page is one of the web's dev pages, which need the
       * sandbox's dev endpoints (off in production unless asked for). Default on.
       */
      hostedPage?: boolean
    },
  ) {
    this.hostedCheckout = opts.hostedPage ?? true
  }

  /**
   * A saved sandbox card is its token under another prefix: it keeps the outcome its holder name asked for,
   * so a card saved by APRO is approved on every due date (tests make one decline by saving another).
   */
  async saveCard(input: SaveCardInput): Promise<SavedCardResult> {
    const token = readSandboxToken(input.token)
    if (!token) throw new ProviderUnsupportedError('sandbox', 'an invalid card token cannot be saved')
    return {
      providerCardId: `sbxcard_${input.token.slice('sbx_'.length)}`,
      providerCustomerId: null,
      brand: token.brand,
      last4: token.last4,
    }
  }

  async removeSavedCard(_card: SavedCardRef): Promise<void> {}

  /**
   * The sandbox's tokenization endpoint (as a provider's is): the card's checks and token are the browser
   * tokenizer's own (`tokenizeSandboxCard`), and the sandbox keeps the BIN and the type of the test number
   * (`sandboxCardTypeOf`) to describe the token later. The number and security code are not kept.
   */
  async tokenizeCard(card: SandboxCardInput, now: Date): Promise<TokenizeResult & { card?: CardFacts }> {
    const result = tokenizeSandboxCard(card, this.opts.random, now)
    if (!result.ok) return result
    const digits = card.number.replace(/[\s-]/g, '')
    const facts: CardFacts = { bin: sandboxBinOf(digits), type: sandboxCardTypeOf(digits) }
    await recordSandboxCardToken(this.opts.db, {
      token: result.token,
      bin: facts.bin,
      cardType: facts.type,
      brand: result.brand,
      last4: result.last4,
    })
    return { ...result, card: facts }
  }

  /** A token the sandbox made through `tokenizeCard`; one the browser made alone it cannot describe. */
  async describeCardToken(token: string): Promise<CardFacts | null> {
    const row = await findSandboxCardToken(this.opts.db, token)
    if (!row || !(CARD_TYPES as readonly string[]).includes(row.card_type)) return null
    return { bin: row.bin, type: row.card_type as CardType }
  }

  async chargeCard(input: CardChargeInput): Promise<ProviderPaymentResult> {
    const token = readSandboxToken(
      input.savedCard ? `sbx_${input.savedCard.providerCardId.slice('sbxcard_'.length)}` : input.token,
    )
    const outcome: SandboxOutcome | 'invalid' = token?.outcome ?? 'invalid'
    // A timed-out charge did happen: the retry with the same key (reconciliation) finds it approved.
    const status =
      outcome === 'approved' || outcome === 'timeout'
        ? 'APPROVED'
        : outcome === 'pending'
          ? 'PENDING'
          : 'DECLINED'
    const { row, created } = await insertOrGetSandboxPayment(this.opts.db, {
      paymentId: input.paymentId,
      idempotencyKey: input.idempotencyKey,
      kind: 'CARD',
      method: token ? `card:${token.brand}:${token.last4}` : 'card:invalid',
      amount: input.amount.amount,
      currency: input.amount.currency,
      status,
      declineReason:
        outcome === 'invalid' ? 'invalid_token' : (DECLINE_REASON[outcome as SandboxOutcome] ?? null),
    })
    if (created && outcome === 'timeout')
      throw new ProviderUnavailableError('sandbox', new Error('simulated timeout'))
    return this.resultOf(row)
  }

  async createCashVoucher(input: CashVoucherInput): Promise<CashVoucherResult> {
    const reference = voucherReference(this.opts.random, 12)
    const { row } = await insertOrGetSandboxPayment(this.opts.db, {
      paymentId: input.paymentId,
      idempotencyKey: input.idempotencyKey,
      kind: 'CASH',
      method: input.network,
      amount: input.amount.amount,
      currency: input.amount.currency,
      status: 'PENDING',
      reference,
      barcode: voucherBarcode(NETWORK_CODES[input.network] ?? '0000', reference, input.amount.amount),
      expiresAt: input.expiresAt,
    })
    return {
      ...this.resultOf(row),
      voucher: {
        reference: row.reference ?? reference,
        barcode: row.barcode ?? '',
        expiresAt: new Date(row.expires_at ?? input.expiresAt),
      },
    }
  }

  async createTransfer(input: TransferInput): Promise<TransferResult> {
    const spei = input.kind === 'SPEI'
    // STP (646), plaza 180: the usual shape of a collection CLABE assigned per payment.
    const account = voucherReference(this.opts.random, 11)
    const { row } = await insertOrGetSandboxPayment(this.opts.db, {
      paymentId: input.paymentId,
      idempotencyKey: input.idempotencyKey,
      kind: 'TRANSFER',
      method: spei ? 'SPEI' : `PSE:${input.bank ?? ''}`,
      amount: input.amount.amount,
      currency: input.amount.currency,
      status: 'PENDING',
      reference: voucherReference(this.opts.random, 7),
      clabe: spei ? makeClabe('646', '180', account) : null,
      returnUrl: input.returnUrl,
      expiresAt: input.expiresAt,
    })
    return {
      ...this.resultOf(row),
      transfer: {
        clabe: row.clabe,
        bankName: spei ? bankNameOfClabe(row.clabe ?? '') : (PSE_BANKS[input.bank ?? ''] ?? null),
        reference: row.reference ?? '',
        // The fan "approves" the PSE debit on the web's pretend bank page, which calls the dev endpoints.
        redirectUrl: spei ? null : `/dev/sandbox-bank?payment=${row.id}`,
        expiresAt: new Date(row.expires_at ?? input.expiresAt),
      },
    }
  }

  /**
   * The sandbox's stand-in for Checkout Pro: a page of the web's dev pages (`/dev/sandbox-checkout`) where
   * the fan pays or declines; it then notifies us like a provider and sends the fan to the back URL. The
   * page's payment is kept from the start, PENDING until decided (a real provider creates it only when the
   * fan pays); either way our payment is found by its reference.
   */
  async createPreference(input: HostedPaymentInput): Promise<HostedPaymentResult> {
    if (!this.hostedCheckout) {
      throw new ProviderUnsupportedError('sandbox', 'its hosted page needs the sandbox dev endpoints')
    }
    const currency = input.items[0]?.unitPrice.currency
    if (!currency) throw new RangeError('A hosted payment needs at least one item')
    const amount = input.items.reduce((sum, item) => sum + item.unitPrice.amount * item.quantity, 0)
    const { row } = await insertOrGetSandboxPayment(this.opts.db, {
      paymentId: input.paymentId,
      idempotencyKey: input.idempotencyKey,
      kind: 'LINK',
      method: 'checkout',
      amount,
      currency,
      status: 'PENDING',
      returnUrl: input.backUrls.pending,
      backUrls: input.backUrls,
      expiresAt: input.expiresAt ?? null,
    })
    const initPoint = `/dev/sandbox-checkout?payment=${row.id}`
    return { id: row.id, initPoint, sandboxInitPoint: initPoint }
  }

  async findByReference(paymentId: string): Promise<ProviderPaymentResult | null> {
    const row = await findSandboxPayment(this.opts.db, paymentId)
    return row && row.payment_id === paymentId ? this.resultOf(row) : null
  }

  async getStatus(providerPaymentId: string): Promise<ProviderPaymentResult> {
    const row = await findSandboxPayment(this.opts.db, providerPaymentId)
    if (!row) return { providerPaymentId, status: 'DECLINED', declineReason: 'not_found' }
    return this.resultOf(row)
  }

  async refund(providerPaymentId: string, _amount: Money, _key: string): Promise<ProviderPaymentResult> {
    const row = await findSandboxPayment(this.opts.db, providerPaymentId)
    if (!row) return { providerPaymentId, status: 'DECLINED', declineReason: 'not_found' }
    // Cash paid at a store cannot go back the same way: like real networks, refuse, and the caller credits
    // the fan's wallet instead.
    if (row.kind === 'CASH')
      return { providerPaymentId: row.id, status: 'DECLINED', declineReason: 'cash_not_refundable' }
    // Asked again with the same key (a retried refund): answered as it stands, as a provider does.
    if (row.status === 'REFUNDED') return this.resultOf(row)
    // Only money that was taken goes back (packages/domain/src/payments/sandbox-lifecycle.ts).
    if (!canSandboxTransition(row.status as SandboxPaymentStatus, 'REFUNDED'))
      return { providerPaymentId: row.id, status: 'DECLINED', declineReason: 'not_refundable' }
    const updated = await moveSandboxPayment(this.opts.db, row, 'REFUNDED')
    return this.resultOf(updated ?? (await findSandboxPayment(this.opts.db, row.id)) ?? row)
  }

  verifyWebhook(request: WebhookRequest): boolean {
    const header = request.headers[SANDBOX_SIGNATURE_HEADER]
    const given = Array.isArray(header) ? header[0] : header
    if (!given || !/^[0-9a-f]{64}$/.test(given)) return false
    const expected = signSandboxBody(this.opts.webhookSecret, request.rawBody)
    return timingSafeEqual(Buffer.from(given, 'hex'), Buffer.from(expected, 'hex'))
  }

  parseWebhook(request: WebhookRequest): WebhookNotice | null {
    try {
      const body = JSON.parse(request.rawBody) as { id?: unknown; type?: unknown; paymentId?: unknown }
      if (body.type !== 'payment' || typeof body.id !== 'string' || typeof body.paymentId !== 'string')
        return null
      return { notificationId: body.id, providerPaymentId: body.paymentId }
    } catch {
      return null
    }
  }

  private resultOf(row: {
    id: string
    payment_id: string
    amount: number | string | bigint
    currency: string
    status: string
    decline_reason: string | null
    expires_at: Date | null
    method?: string | null
  }) {
    let status = row.status as ProviderPaymentStatus
    // A voucher nobody paid is expired from its deadline on, whether or not anyone marked it.
    if (status === 'PENDING' && row.expires_at && new Date(row.expires_at).getTime() <= Date.now())
      status = 'EXPIRED'
    const result: ProviderPaymentResult = {
      providerPaymentId: row.id,
      status,
      reference: row.payment_id,
      charged: { amount: Number(row.amount), currency: row.currency as Money['currency'] },
    }
    if (row.decline_reason) result.declineReason = row.decline_reason
    const last4 = /^card:[^:]*:(\d{4})$/.exec(row.method ?? '')?.[1]
    if (last4) result.cardLast4 = last4
    return result
  }
}
