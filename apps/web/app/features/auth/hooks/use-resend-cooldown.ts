import { useCallback, useEffect, useState } from 'react'
import { secondsUntilResend } from '../model/resend-cooldown'

/**
 * Counts down the 30 s between two codes. `sentNow` starts it (a code just went out, or the server said
 * LimitExceededException); `initiallySent` starts it on mount, for steps shown right after a code was sent.
 */
export function useResendCooldown(initiallySent: boolean) {
  const [sentAt, setSentAt] = useState<number | null>(() => (initiallySent ? Date.now() : null))
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (sentAt === null) return
    const id = window.setInterval(() => {
      const n = Date.now()
      setNow(n)
      if (secondsUntilResend(sentAt, n) === 0) window.clearInterval(id)
    }, 1000)
    return () => window.clearInterval(id)
  }, [sentAt])
  const sentNow = useCallback(() => {
    const n = Date.now()
    setNow(n)
    setSentAt(n)
  }, [])
  return { secondsLeft: secondsUntilResend(sentAt, now), sentNow }
}
