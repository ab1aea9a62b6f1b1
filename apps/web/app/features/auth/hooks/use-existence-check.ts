import { useCallback, useEffect, useRef, useState } from 'react'

const DEBOUNCE_MS = 300

/**
 * A live "already registered?" hint for a registration field (spec §5 duplicate checks). It only informs:
 * failures are ignored and the form never waits for it; the sign-up itself is the real check.
 */
export function useExistenceCheck<I>(check: (input: I, signal: AbortSignal) => Promise<{ exists: boolean }>) {
  const [exists, setExists] = useState(false)
  const timer = useRef<number | undefined>(undefined)
  const inFlight = useRef<AbortController | null>(null)
  const cancel = useCallback(() => {
    window.clearTimeout(timer.current)
    inFlight.current?.abort()
    inFlight.current = null
  }, [])
  const run = useCallback(
    (input: I | null) => {
      cancel()
      if (input === null) {
        setExists(false)
        return
      }
      timer.current = window.setTimeout(() => {
        const controller = new AbortController()
        inFlight.current = controller
        check(input, controller.signal)
          .then((r) => {
            if (!controller.signal.aborted) setExists(r.exists)
          })
          .catch(() => undefined)
      }, DEBOUNCE_MS)
    },
    [check, cancel],
  )
  useEffect(() => cancel, [cancel])
  return { exists, run }
}
