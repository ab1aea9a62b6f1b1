import { useState } from 'react'
import { type ApiError, asApiError } from './api-client'

/**
 * One call of a back-office form: busy while it runs, its error kept to show, and whether it just
 * succeeded (the form then says so in a status line).
 */
export function useCall() {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<ApiError | null>(null)
  const [done, setDone] = useState(false)
  const run = async (call: () => Promise<void>) => {
    setBusy(true)
    setError(null)
    setDone(false)
    try {
      await call()
      setDone(true)
    } catch (err) {
      setError(asApiError(err))
    } finally {
      setBusy(false)
    }
  }
  /** A form that refuses its input before calling clears what the last call said. */
  const reset = () => {
    setDone(false)
    setError(null)
  }
  return { busy, error, done, run, reset }
}
