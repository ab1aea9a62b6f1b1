import type { OrderView } from '@palco/domain/checkout/contract'
import { useEffect } from 'react'
import { useNavigate } from 'react-router'
import { isSettled, pathOfOrder } from '../model/result-route'

const samePage = (path: string) => path

/**
 * Once a polled order is paid or has failed, the page showing it gives way to its result page; `twin` maps
 * that page to its box-office twin when the page is shown at the counter.
 */
export function useFollowOrder(order: OrderView, twin: (path: string) => string = samePage) {
  const navigate = useNavigate()
  useEffect(() => {
    if (isSettled(order)) navigate(twin(pathOfOrder(order)), { replace: true })
  }, [order, navigate, twin])
}
