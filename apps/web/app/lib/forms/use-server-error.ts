import { useCallback, useState } from 'react'
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form'
import { type ApiError, asApiError, isApiError } from '../api-client'
import { applyApiError } from './apply-api-error'

/**
 * A form's last server refusal: its code for the alert, its field messages put on the fields. Anything
 * thrown that is not an ApiError (a bug) reads as the catalogue's UnknownException.
 */
export function useServerError<T extends FieldValues>(
  setError: UseFormSetError<T>,
  formFields: readonly FieldPath<T>[],
) {
  const [error, setServerError] = useState<ApiError | null>(null)
  const report = useCallback(
    (err: unknown): ApiError => {
      const apiError = asApiError(err)
      if (!isApiError(err)) console.error(err)
      setServerError(apiError)
      applyApiError(apiError, setError, formFields)
      return apiError
    },
    [setError, formFields],
  )
  const clear = useCallback(() => setServerError(null), [])
  return { error, report, clear, set: setServerError }
}
