import {
  type CardFacts,
  type PresaleRule,
  presaleNoticeOf,
  presaleRefusal,
  presaleRulesOf,
} from '@palco/domain/checkout/presale'
import { DomainError } from '@palco/domain/errors/domain-error'
import type { Country } from '@palco/domain/locale/country'
import type { PricedReservation } from '../orders/cart.service.js'
import type { OrderPayment } from './order-request.js'

// The presale step of placing an order (issue 42 part 2): a bank-card presale tier is paid only by card, with
// a card whose BIN and type the provider that tokenized it gives (packages/domain/src/checkout/presale.ts).
// A refusal places nothing, so the reservation and its hold stay as they were: the fan tries another card.

/** The provider's word on the order's card: not asked yet, or its answer (null: it could not say). */
export type CardWord = { asked: false } | { asked: true; facts: CardFacts | null }

/**
 * The step's request to ask the provider: thrown before anything is written when an order has a presale
 * tier and the card has not been described yet. Placing asks once, outside the transaction, and runs again
 * with the answer, so an order without a presale tier never waits for the question.
 */
export class CardWordNeeded extends Error {
  constructor(readonly country: Country) {
    super('The provider must describe the card first')
    this.name = 'CardWordNeeded'
  }
}

/** How the order is being paid, as far as the presale asks. */
export interface PresalePayment {
  choice: OrderPayment
  /** The part the fan's wallet pays: none in a presale. */
  walletPart: number
  /** A paguitos deposit (the rest charged later on a saved card) or a saved card: not in a presale. */
  deposit: boolean
  savedCard: boolean
}

const required = (rules: PresaleRule[]) => {
  const sponsor = presaleNoticeOf(rules)?.sponsor ?? ''
  return new DomainError('PRESALE_CARD_REQUIRED', {
    field: 'payment.method',
    details: { sponsor },
    message: `The ${sponsor} presale is paid only by card, with a ${sponsor} card.`,
  })
}

/** Throws when the order's presale tiers may not be paid this way; returns when they may, or there are none. */
export function assertPresaleTakes(priced: PricedReservation, payment: PresalePayment, card: CardWord) {
  const rules = presaleRulesOf(priced.places)
  if (rules.length === 0) return
  const { choice } = payment
  if (choice.method !== 'CARD' || payment.walletPart > 0 || payment.deposit || payment.savedCard)
    throw required(rules)
  if (!card.asked) throw new CardWordNeeded(priced.country)
  const refusal = presaleRefusal(rules, card.facts)
  if (!refusal) return
  const { sponsor } = refusal.rule
  throw new DomainError('PRESALE_CARD_REFUSED', {
    field: 'payment.cardToken',
    details: { sponsor, reason: refusal.reason },
    message:
      refusal.reason === 'TYPE'
        ? `The ${sponsor} presale takes only ${refusal.rule.cardTypes.join(', ').toLowerCase()} cards of ${sponsor}.`
        : `This card is not a ${sponsor} card the presale accepts.`,
  })
}
