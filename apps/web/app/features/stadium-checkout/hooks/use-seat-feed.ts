import type { SeatChange } from '@palco/domain/seating/availability'
import { useEffect, useMemo, useState } from 'react'

type Listener = (change: SeatChange) => void

/**
 * The live feed of an event's seat changes (Server-Sent Events) as a subscribable source for the seat map.
 * `reconnects` counts re-opened connections: changes sent while disconnected are lost, so the page takes a
 * fresh snapshot each time it grows.
 */
export function useSeatFeed(eventId: string | null) {
  const listeners = useMemo(() => new Set<Listener>(), [])
  const [reconnects, setReconnects] = useState(0)
  useEffect(() => {
    if (!eventId || typeof EventSource === 'undefined') return
    const source = new EventSource(`/api/seats/stream?eventId=${encodeURIComponent(eventId)}`)
    let failed = false
    source.addEventListener('seats', (e) => {
      const change = JSON.parse((e as MessageEvent<string>).data) as SeatChange
      for (const l of listeners) l(change)
    })
    source.onerror = () => {
      failed = true
    }
    source.onopen = () => {
      if (failed) setReconnects((n) => n + 1)
      failed = false
    }
    return () => source.close()
  }, [eventId, listeners])
  const changes = useMemo(
    () => ({
      subscribe(listener: Listener) {
        listeners.add(listener)
        return () => listeners.delete(listener)
      },
    }),
    [listeners],
  )
  return { changes, reconnects }
}
