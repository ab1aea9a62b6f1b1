import type {
  Cart,
  HostedPaymentResult,
  PlaceInstallmentBody,
  PlaceOrderResult,
} from '@palco/domain/checkout/contract'
import { useCallback, useRef, useState } from 'react'
import { type ApiError, asApiError, isApiError, NETWORK_ERROR_CODE } from '../../../lib/api-client'
import { placeOrder } from '../api/place-order'
import { startHostedPayment } from '../api/start-hosted-payment'
import { type DetailsForm, toOrderParty } from '../model/checkout-forms'
import { payAttempts } from '../model/pay-attempts'
import { type PayRequest, paymentChoiceOf, paymentSplit } from '../model/payment-split'

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
  const [submitting, setSubmitting] = useState(false)
  const [error, setError] = useState<ApiError | null>(null)
  const attempts = useRef(payAttempts(() => crypto.randomUUID()))

  const pay = useCallback(
    async (request: PayRequest) => {
      if (!details) return
      const key = attempts.current.begin()
      if (!key) return
      setSubmitting(true)
      setError(null)
      try {
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
      } catch (err) {
        const apiError = asApiError(err)
        if (!isApiError(err)) console.error(err)
        attempts.current.end(apiError.code !== NETWORK_ERROR_CODE)
        setError(apiError)
        setSubmitting(false)
      }
    },
    [cart, details, onPlaced, onHosted, place],
  )
  return { pay, submitting, error }
}
