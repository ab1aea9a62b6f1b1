import type { Actor } from '../../../lib/actor'

/** The hold a buying step pays for, as its links name it. */
export interface HoldRef {
  reservationId: string
  /** The fan's links carry the event, so a page reached without its hold still leads back to the map. */
  eventSlug: string | null
}

/**
 * One checkout flow, several actors (DESIGN §4 rule 6; issue 41): what differs between the fan buying online
 * and the operator selling at the counter, chosen once by the route and read by the shared steps. Texts differ
 * by wording context (`key_counter` beside the fan's `key`, lib/actor.ts); what only one actor does (the
 * fan's payment form, the counter's buyer, tenders and shift) fills the steps' slots.
 */
export interface CheckoutActor {
  /** Who the pages speak to. */
  readonly actor: Actor
  /** The page before each buying step: the fan's details form; the counter's seats, then its sale. */
  readonly backFrom: Readonly<Record<'buy' | 'installment', (hold: HoldRef) => string>>
  /** The hold paid in full, from a plan that is not offered. */
  readonly buyPage: (hold: HoldRef) => string
  /** Where a bought plan's page leads back to: the fan's purchase, or the box office. */
  readonly planBack: (orderId: string) => string
  /**
   * A lapsed hold ends the fan's step (a notice leading back to the map replaces the form); at the counter the
   * forms are disabled and the hold's column says why, next to what the operator typed.
   */
  readonly holdEndsStep: boolean
  /**
   * Without a payable hold: the fan is told why the seats are gone and led back to them; the counter reads the
   * API's reason and goes back to the box office.
   */
  readonly noHold: 'notice' | 'error'
  /**
   * The fan pays their own order: its page names its code and the event's time, and a paid plan leads to
   * their tickets. The operator serves someone else's plan, named by its code in the title.
   */
  readonly ownOrder: boolean
}

const eventQuery = (slug: string | null) => (slug ? `&event=${encodeURIComponent(slug)}` : '')

const detailsOf = (hold: HoldRef) =>
  `/checkout?reservation=${hold.reservationId}${eventQuery(hold.eventSlug)}`

export const FAN_CHECKOUT: CheckoutActor = {
  actor: 'fan',
  backFrom: { buy: detailsOf, installment: detailsOf },
  buyPage: (hold) => `/checkout/buy?reservation=${hold.reservationId}${eventQuery(hold.eventSlug)}`,
  planBack: (orderId) => `/my-purchases/${orderId}`,
  holdEndsStep: true,
  noHold: 'notice',
  ownOrder: true,
}

export const COUNTER_CHECKOUT: CheckoutActor = {
  actor: 'operator',
  backFrom: {
    buy: (hold) => `/assistant/stadium?event=${encodeURIComponent(hold.eventSlug ?? '')}`,
    installment: (hold) => `/assistant/buy?reservation=${hold.reservationId}`,
  },
  buyPage: (hold) => `/assistant/buy?reservation=${hold.reservationId}`,
  planBack: () => '/assistant',
  holdEndsStep: false,
  noHold: 'error',
  ownOrder: false,
}
