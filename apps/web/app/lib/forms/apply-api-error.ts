import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form'
import type { ApiError } from '../api-client'

/**
 * Puts the server's field messages on the form's own fields (DESIGN §6) and focuses the first one.
 * Fields the form does not have are left for the top-level alert. Returns the fields that were set.
 */
export function applyApiError<T extends FieldValues>(
  error: ApiError,
  setError: UseFormSetError<T>,
  formFields: readonly FieldPath<T>[],
): FieldPath<T>[] {
  const known = new Set<string>(formFields)
  const applied: FieldPath<T>[] = []
  for (const [field, message] of Object.entries(error.fields)) {
    if (!known.has(field)) continue
    const name = field as FieldPath<T>
    setError(name, { type: 'server', message }, { shouldFocus: applied.length === 0 })
    applied.push(name)
  }
  return applied
}
