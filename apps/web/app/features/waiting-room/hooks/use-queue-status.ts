import type { WaitingStatus } from '@palco/domain/waiting-room/contract'
import { useCallback, useEffect, useRef, useState } from 'react'
import { type ApiError, asApiError } from '../../../lib/api-client'
import { joinQueue, queueStatus } from '../api/waiting-room'

/**
 * The fan's place, asked again after the `refreshSeconds` the server gives (4 s near the turn, so "your turn"
 * shows within 5 s of admission; up to 30 s far back: queue-rules `refreshSeconds`) while the page is open;
 * joins on arrival unless already in. Stops once the turn is given.
 */
export function useQueueStatus(eventId: string) {
  const [status, setStatus] = useState<WaitingStatus | null>(null)
  const [error, setError] = useState<ApiError | null>(null)
  const [checkedAt, setCheckedAt] = useState<Date | null>(null)
  const [joining, setJoining] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)

  const take = useCallback((next: WaitingStatus) => {
    setStatus(next)
    setError(null)
    setCheckedAt(new Date())
  }, [])

  const join = useCallback(async () => {
    setJoining(true)
    try {
      take(await joinQueue(eventId))
    } catch (err) {
      setError(asApiError(err))
    } finally {
      setJoining(false)
    }
  }, [eventId, take])

  // On arrival: the place already held (another tab, a reload), else a new one. A turn used or lapsed is
  // shown as such; queueing again is the fan's choice (`join`).
  useEffect(() => {
    const controller = new AbortController()
    queueStatus(eventId, controller.signal)
      .then((now) => (now.state === 'NOT_IN_QUEUE' ? join() : take(now)))
      .catch((err) => !controller.signal.aborted && setError(asApiError(err)))
    return () => controller.abort()
  }, [eventId, join, take])

  useEffect(() => {
    // Only a place in line changes by itself; a turn, used or not, changes when the fan acts.
    if (!status || (status.state !== 'WAITING' && status.state !== 'BEFORE_OPENING')) return
    const controller = new AbortController()
    timer.current = setTimeout(async () => {
      try {
        take(await queueStatus(eventId, controller.signal))
      } catch (err) {
        if (!controller.signal.aborted) setError(asApiError(err))
        // A failed check is asked again at the next tick: the place is the server's, not this page's.
        setStatus((s) => (s ? { ...s } : s))
      }
    }, status.refreshSeconds * 1000)
    return () => {
      controller.abort()
      if (timer.current) clearTimeout(timer.current)
    }
  }, [eventId, status, take])

  return { status, error, checkedAt, joining, join }
}
