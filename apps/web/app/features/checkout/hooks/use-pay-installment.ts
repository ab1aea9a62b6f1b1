import type { PayInstallmentBody, PlaceOrderResult } from '@palco/domain/checkout/contract'
import { useCallback } from 'react'
import { payInstallment } from '../api/installment'
import { type PayRequest, paymentChoiceOf, paymentSplit } from '../model/payment-split'
import { usePayAttempt } from './use-pay-attempt'

/**
 * Pays a paguitos plan's next installment or its balance (issue 16), once per press of the pay button with
 * its idempotency key, as `usePay` places an order. The wallet pays an installment whole or not at all: the
 * server charges the chosen method the whole amount.
 */
export function usePayInstallment(
  orderId: string,
  part: PayInstallmentBody['part'],
  amount: number,
  onPaid: (result: PlaceOrderResult) => void,
) {
  const { run, submitting, error } = usePayAttempt()

  const pay = useCallback(
    async (request: PayRequest) => {
      const draft = request.draft
      if (draft.method === 'LINK' || draft.method === 'FREE') return
      await run(
        async (key) => {
          const split = paymentSplit(amount, amount, draft.method === 'WALLET')
          onPaid(
            await payInstallment(orderId, {
              part,
              payment: paymentChoiceOf(draft, split),
              expectedAmount: amount,
              idempotencyKey: key,
            }),
          )
        },
        { stay: true },
      )
    },
    [orderId, part, amount, onPaid, run],
  )
  return { pay, submitting, error }
}
