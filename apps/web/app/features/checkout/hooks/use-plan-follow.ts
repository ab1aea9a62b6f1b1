import type { OrderPlan, OrderView, PlaceOrderResult } from '@palco/domain/checkout/contract'
import { useCallback, useEffect, useState } from 'react'
import { useRevalidator } from 'react-router'
import { waitingPaymentOf } from '../model/installment-plan'
import { isExternalUrl } from '../model/result-route'
import { useOrderPolling } from './use-order-polling'

/** The page polls while the plan's latest payment waits (a voucher at a store, a transfer, a card in review). */
const answered = (order: OrderView) => waitingPaymentOf(order) === null

/**
 * A fan's bought plan as it is now (`/checkout/installment?order=`): followed while a payment waits, read again
 * whole once it is answered, and what follows a payment made from the page — received at once, a voucher or
 * transfer to wait for, or the provider's page.
 */
export function usePlanFollow(loaded: OrderView) {
  const order = useOrderPolling(loaded, undefined, answered)
  const plan = order.plan ?? (loaded.plan as OrderPlan)
  const [received, setReceived] = useState(false)
  const waiting = waitingPaymentOf(order)
  // A payment the page was waiting for was answered: read the whole page again (plan, tickets, links).
  const wasWaiting = waitingPaymentOf(loaded) !== null
  const { revalidate } = useRevalidator()
  useEffect(() => {
    if (wasWaiting && waiting === null) void revalidate()
  }, [wasWaiting, waiting, revalidate])

  const onPaid = useCallback(
    (result: PlaceOrderResult) => {
      if (isExternalUrl(result.next)) {
        window.location.assign(result.next)
        return
      }
      setReceived(waitingPaymentOf(result.order) === null)
      void revalidate()
    },
    [revalidate],
  )
  const onStale = useCallback(() => void revalidate(), [revalidate])
  return { order, plan, waiting, received, onPaid, onStale }
}
