import { useRef } from 'react'
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form'
import type { ApiError } from '../../../lib/api-client'

/** Refusals that say the code itself is spent or wrong: the boxes are emptied for a new one. */
const CODE_REFUSALS = new Set([
  'CodeMismatchException',
  'CodeExpiredException',
  'TooManyFailedAttemptsException',
])

/**
 * Submits a code step so that one entered code is one attempt (issue 13: a wrong sixth digit auto-submitted,
 * then "Confirm" sent the same code again, and the kept digits shifted under Backspace into a garbled
 * second try). The same code is never sent twice at once; a refused code empties the boxes and puts the
 * focus on the first, ready for the whole code again; other errors (the network) keep what was typed.
 */
export function useCodeSubmit<T extends FieldValues & { code?: string | undefined }, O>(
  form: UseFormReturn<T, unknown, O>,
  attempt: (values: O) => Promise<void>,
  report: (err: unknown) => ApiError,
) {
  const inFlight = useRef<string | null>(null)
  const field = 'code' as Path<T>
  return form.handleSubmit(async (values) => {
    const code = String(form.getValues(field) ?? '')
    if (inFlight.current === code) return
    inFlight.current = code
    try {
      await attempt(values)
    } catch (err) {
      if (CODE_REFUSALS.has(report(err).code)) {
        form.resetField(field, { keepError: true })
        form.setFocus(field)
      }
    } finally {
      inFlight.current = null
    }
  })
}
