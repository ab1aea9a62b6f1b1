import type { SeatAvailability } from '@palco/domain/seating/availability'
import { useEffect, useState } from 'react'
import { applyChangeToSnapshot } from '../../../lib/seat-map/model/apply-change'
import type { SeatChangeSource } from '../../../lib/seat-map/model/seat-change-source'

/** The latest snapshot with live changes applied; a newer snapshot from the page replaces it. */
export function useLiveAvailability(
  snapshot: SeatAvailability,
  changes?: SeatChangeSource,
): SeatAvailability {
  const [current, setCurrent] = useState(snapshot)
  const [base, setBase] = useState(snapshot)
  if (base !== snapshot) {
    // Adjusting state during render when the prop changes (React's documented pattern), so there is no
    // frame showing the old snapshot; an older snapshot never replaces newer live state.
    setBase(snapshot)
    if (snapshot.version >= current.version) setCurrent(snapshot)
  }
  useEffect(() => {
    if (!changes) return
    return changes.subscribe((change) => setCurrent((prev) => applyChangeToSnapshot(prev, change)))
  }, [changes])
  return current
}
