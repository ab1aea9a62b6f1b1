import type { CheckoutMethod, PaymentChoice } from '@palco/domain/checkout/contract'

/**
 * How the wallet shares a total with another method (issue 6 part 7). The fan may pay everything from the
 * wallet when it covers the total, or use part of it and pay the rest another way. A wallet that would
 * cover everything turns the choice into a wallet payment: there is nothing left for a card to pay.
 */
export interface PaymentSplit {
  walletAmount: number
  remainder: number
  /** True when the wallet alone pays. */
  walletOnly: boolean
}

export function paymentSplit(total: number, balance: number, useWallet: boolean): PaymentSplit {
  const usable = useWallet ? Math.max(0, Math.min(balance, total)) : 0
  return { walletAmount: usable, remainder: total - usable, walletOnly: total > 0 && usable === total }
}

export const walletCovers = (total: number, balance: number): boolean => balance >= total

export type PaymentDraft =
  | {
      method: 'CARD'
      cardToken: string
      installments?: number
      /** Mercado Pago's payment method and issuer, found by the browser's BIN search. */
      paymentMethodId?: string
      issuerId?: string
    }
  | { method: 'CASH'; network: Extract<PaymentChoice, { method: 'CASH' }>['network'] }
  | { method: 'TRANSFER'; kind: 'SPEI' | 'PSE'; bank?: string }
  | { method: 'WALLET' }
  /** The provider's hosted page (spec §7 preference-id): the whole total, no wallet share. */
  | { method: 'LINK' }
  /** Nothing to pay: the order is only confirmed. */
  | { method: 'FREE' }

/** What the payment form asks the page to pay with (a card is already a token by then). */
export interface PayRequest {
  draft: PaymentDraft
  useWallet: boolean
  /** A paguitos deposit by card (issue 16): keep the card to charge each installment on its due date. */
  saveCard?: boolean
}

/** The payment part of the place-order body for the chosen method and the wallet share. */
export function paymentChoiceOf(
  draft: Exclude<PaymentDraft, { method: 'LINK' }>,
  split: PaymentSplit,
): PaymentChoice {
  if (draft.method === 'FREE') return { method: 'FREE' }
  if (draft.method === 'WALLET' || split.walletOnly) return { method: 'WALLET' }
  const walletAmount = split.walletAmount
  switch (draft.method) {
    case 'CARD':
      return {
        method: 'CARD',
        cardToken: draft.cardToken,
        installments: draft.installments ?? 1,
        ...(draft.paymentMethodId ? { paymentMethodId: draft.paymentMethodId } : {}),
        ...(draft.issuerId ? { issuerId: draft.issuerId } : {}),
        walletAmount,
      }
    case 'CASH':
      return { method: 'CASH', network: draft.network, walletAmount }
    case 'TRANSFER':
      return {
        method: 'TRANSFER',
        kind: draft.kind,
        ...(draft.bank ? { bank: draft.bank } : {}),
        walletAmount,
      }
  }
}

/** The methods shown besides the wallet toggle: WALLET is its own option only when it can pay alone. */
export function offeredMethods(methods: readonly CheckoutMethod[], total: number, balance: number) {
  return methods.filter((m) => m !== 'WALLET' || (balance > 0 && walletCovers(total, balance)))
}
