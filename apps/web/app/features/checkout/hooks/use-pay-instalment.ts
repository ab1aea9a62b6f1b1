import type { PayInstalmentBody, PlaceOrderResult } from '@palco/domain/checkout/contract'
import { useCallback, useRef, useState } from 'react'
import { type ApiError, asApiError, isApiError, NETWORK_ERROR_CODE } from '../../../lib/api-client'
import { payInstalment } from '../api/installment'
import { payAttempts } from '../model/pay-attempts'
import { type PayRequest, paymentChoiceOf, paymentSplit } from '../model/payment-split'

/**
 * Pays a paguitos plan's next instalment or its balance (issue 16), once per press of the pay button with
 * its idempotency key, as `usePay` places an order. The wallet pays an instalment whole or not at all: the
 * server charges the chosen method the whole amount.
 */
export function usePayInstalment(
  orderId: string,
  part: PayInstalmentBody['part'],
  amount: number,
  onPaid: (result: PlaceOrderResult) => void,
) {
  const [submitting, setSubmitting] = useState(false)
  const [error, setError] = useState<ApiError | null>(null)
  const attempts = useRef(payAttempts(() => crypto.randomUUID()))

  const pay = useCallback(
    async (request: PayRequest) => {
      const draft = request.draft
      if (draft.method === 'LINK' || draft.method === 'FREE') return
      const key = attempts.current.begin()
      if (!key) return
      setSubmitting(true)
      setError(null)
      try {
        const split = paymentSplit(amount, amount, draft.method === 'WALLET')
        const result = await payInstalment(orderId, {
          part,
          payment: paymentChoiceOf(draft, split),
          expectedAmount: amount,
          idempotencyKey: key,
        })
        attempts.current.end(true)
        setSubmitting(false)
        onPaid(result)
      } catch (err) {
        const apiError = asApiError(err)
        if (!isApiError(err)) console.error(err)
        attempts.current.end(apiError.code !== NETWORK_ERROR_CODE)
        setError(apiError)
        setSubmitting(false)
      }
    },
    [orderId, part, amount, onPaid],
  )
  return { pay, submitting, error }
}
