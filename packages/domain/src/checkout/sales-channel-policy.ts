/**
 * Where an order is sold, as a policy the checkout reads once per order (pretix's sales channels are the
 * model): the fan online, or an operator at the box office selling for a buyer. Not the spec's `channel`
 * column (spec §3: APP, WEB_MOBILE, WEB_DESKTOP — the device), which every order keeps beside this.
 *
 * A new way to sell (a partner's kiosk, an organiser's own staff) is one more entry here, not a branch in
 * the checkout flow.
 */
export const SALE_POINTS = ['ONLINE', 'COUNTER'] as const
export type SalePoint = (typeof SALE_POINTS)[number]

/** Methods only staff take: tenders handed over at the counter, or seats kept there for a later payment. */
export const STAFF_METHODS = ['COUNTER', 'RESERVATION'] as const
export type StaffMethod = (typeof STAFF_METHODS)[number]

export interface SalesChannelPolicy {
  point: SalePoint
  /** Staff methods this channel may take, besides the online ones its country offers. */
  staffMethods: readonly StaffMethod[]
  /** Whether the seller may lower the listed total (within `priceOverrideOk`, box-office/tenders.ts). */
  lowersPrice: boolean
  /** Whether the order names who sold it (the operator; their drawer takes the cash). */
  recordsSeller: boolean
  /** Whether the buyer is someone other than whoever places the order (a walk-in, a pre-registered fan). */
  sellsForAnother: boolean
  /**
   * How long a hosted-payment link keeps the seats: the hold's own minutes online; a link handed over at the
   * counter is paid later from the buyer's mail, so it lasts the COUNTER_LINK window (checkout/methods.ts).
   */
  linkWindow: 'HOLD' | 'COUNTER_LINK'
}

export const SALES_CHANNEL_POLICIES: Readonly<Record<SalePoint, SalesChannelPolicy>> = {
  ONLINE: {
    point: 'ONLINE',
    staffMethods: [],
    lowersPrice: false,
    recordsSeller: false,
    sellsForAnother: false,
    linkWindow: 'HOLD',
  },
  COUNTER: {
    point: 'COUNTER',
    staffMethods: STAFF_METHODS,
    lowersPrice: true,
    recordsSeller: true,
    sellsForAnother: true,
    linkWindow: 'COUNTER_LINK',
  },
}

/** Whether a staff method may be used on this channel (the fan online may use none). */
export const takesStaffMethod = (policy: SalesChannelPolicy, method: string): boolean =>
  (policy.staffMethods as readonly string[]).includes(method)

export const isStaffMethod = (method: string): method is StaffMethod =>
  (STAFF_METHODS as readonly string[]).includes(method)
