import { useTranslation } from 'react-i18next'
import { fieldErrorKeys } from './field-error'

/** Turns a react-hook-form field error (its message is a key) into the text shown under the field. */
export function useFieldErrorText() {
  const { t } = useTranslation()
  return (error: { message?: string | undefined } | undefined): string | undefined =>
    error?.message ? t(fieldErrorKeys(error.message)) : undefined
}
