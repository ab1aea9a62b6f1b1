import type { OrderView } from '@palco/domain/checkout/contract'
import { useEffect, useRef, useState } from 'react'
import { getOrder } from '../api/get-order'
import { isSettled } from '../model/result-route'

export const POLL_INTERVAL_MS = 4_000

/**
 * The order as it is now: asked again every few seconds until it is paid or has failed for good
 * (a voucher paid at a store, a transfer confirmed, a card under review resolved). A hidden tab does not
 * poll; it asks once when it is shown again. Network hiccups are ignored: the next tick tries again.
 * `done` says when to stop (a paguitos plan's page stops once its latest payment is answered).
 */
export function useOrderPolling(
  initial: OrderView,
  intervalMs = POLL_INTERVAL_MS,
  done: (order: OrderView) => boolean = isSettled,
): OrderView {
  const [order, setOrder] = useState(initial)
  const latest = useRef(initial)
  latest.current = order
  useEffect(() => setOrder(initial), [initial])

  useEffect(() => {
    if (done(initial)) return
    const controller = new AbortController()
    let timer = 0
    const tick = async () => {
      if (document.visibilityState === 'visible') {
        try {
          const next = await getOrder(initial.id, controller.signal)
          setOrder(next)
          if (done(next)) return
        } catch {
          if (controller.signal.aborted) return
        }
      }
      timer = window.setTimeout(tick, intervalMs)
    }
    timer = window.setTimeout(tick, intervalMs)
    const onVisible = () => {
      if (document.visibilityState !== 'visible' || done(latest.current)) return
      window.clearTimeout(timer)
      void tick()
    }
    document.addEventListener('visibilitychange', onVisible)
    return () => {
      controller.abort()
      window.clearTimeout(timer)
      document.removeEventListener('visibilitychange', onVisible)
    }
  }, [initial, intervalMs, done])

  return order
}
