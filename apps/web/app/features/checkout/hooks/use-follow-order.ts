import type { OrderView } from '@palco/domain/checkout/contract'
import { useEffect } from 'react'
import { useNavigate } from 'react-router'
import { isSettled, pathOfOrder } from '../model/result-route'

/** Once a polled order is paid or has failed, the page showing it gives way to its result page. */
export function useFollowOrder(order: OrderView) {
  const navigate = useNavigate()
  useEffect(() => {
    if (isSettled(order)) navigate(pathOfOrder(order), { replace: true })
  }, [order, navigate])
}
