import { useCallback, useRef, useState } from 'react'
import { type ApiError, asApiError, isApiError, NETWORK_ERROR_CODE } from '../../../lib/api-client'
import { payAttempts } from '../model/pay-attempts'

/**
 * One pay-button press at a time (see payAttempts), shared by every way of paying: `run` hands `send` the
 * attempt's idempotency key, disables the button meanwhile and keeps the translated problem when it fails.
 * A success leaves the button disabled while the page moves on, unless `stay` (a payment made on the same
 * page, which then shows its result and may pay again).
 */
export function usePayAttempt() {
  const [submitting, setSubmitting] = useState(false)
  const [error, setError] = useState<ApiError | null>(null)
  const attempts = useRef(payAttempts(() => crypto.randomUUID()))

  const run = useCallback(async (send: (key: string) => Promise<void>, opts: { stay?: boolean } = {}) => {
    const key = attempts.current.begin()
    if (!key) return
    setSubmitting(true)
    setError(null)
    try {
      await send(key)
      if (opts.stay) {
        attempts.current.end(true)
        setSubmitting(false)
      }
    } catch (err) {
      const apiError = asApiError(err)
      if (!isApiError(err)) console.error(err)
      // No answer at all: the next press retries with the same key, so the server answers what it made.
      attempts.current.end(apiError.code !== NETWORK_ERROR_CODE)
      setError(apiError)
      setSubmitting(false)
    }
  }, [])
  return { run, submitting, error }
}
