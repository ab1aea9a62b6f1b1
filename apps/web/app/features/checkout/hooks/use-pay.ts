import type {
  Cart,
  HostedPaymentResult,
  PlaceInstallmentBody,
  PlaceOrderResult,
} from '@palco/domain/checkout/contract'
import { useCallback } from 'react'
import { placeOrder } from '../api/place-order'
import { startHostedPayment } from '../api/start-hosted-payment'
import { type DetailsForm, toOrderParty } from '../model/checkout-forms'
import { type PayRequest, paymentChoiceOf, paymentSplit } from '../model/payment-split'
import { usePayAttempt } from './use-pay-attempt'

/**
 * Places the order once per press of the pay button (see payAttempts): further presses while it runs are
 * ignored and the button is disabled; each attempt carries its idempotency key. On success the page
 * leaves, and the button stays disabled meanwhile. The provider's hosted page (LINK) goes through its own
 * endpoint with the same key rules, and `onHosted` sends the fan there. `place` is where the order goes:
 * `POST /api/checkout/orders`, or a paguitos purchase's `POST /api/checkout-service/installment` (same body,
 * and `saveCard` when the fan ticked it for a card deposit).
 */
export function usePay(
  cart: Cart,
  details: DetailsForm | null,
  onPlaced: (result: PlaceOrderResult) => void,
  onHosted: (result: HostedPaymentResult) => void,
  place: (body: PlaceInstallmentBody) => Promise<PlaceOrderResult> = placeOrder,
) {
  const { run, submitting, error } = usePayAttempt()

  const pay = useCallback(
    async (request: PayRequest) => {
      if (!details) return
      await run(async (key) => {
        if (request.draft.method === 'LINK') {
          onHosted(
            await startHostedPayment({
              reservationId: cart.reservationId,
              ...toOrderParty(details),
              expectedTotal: cart.total,
              currency: cart.currency,
              idempotencyKey: key,
            }),
          )
          return
        }
        const split = paymentSplit(
          cart.total,
          cart.walletBalance,
          request.useWallet || request.draft.method === 'WALLET',
        )
        const result = await place({
          reservationId: cart.reservationId,
          ...toOrderParty(details),
          payment: paymentChoiceOf(request.draft, split),
          expectedTotal: cart.total,
          currency: cart.currency,
          idempotencyKey: key,
          ...(request.saveCard && request.draft.method === 'CARD' ? { saveCard: true } : {}),
        })
        onPlaced(result)
      })
    },
    [cart, details, onPlaced, onHosted, place, run],
  )
  return { pay, submitting, error }
}
