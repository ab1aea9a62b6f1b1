import { useTranslation } from 'react-i18next'
import { fieldErrorKeys } from '../../../lib/forms/field-error'

/**
 * A field's message from the server (a rule key such as `endBeforeStart`, or a schema message such as
 * `percentRange`) as the text shown under the field: this page's own words first, then the shared ones.
 */
export function usePromoFieldError() {
  const { t } = useTranslation('promoadmin')
  return (message: string | undefined): string | undefined =>
    message ? t([`promoadmin:fieldErrors.${message}`, ...fieldErrorKeys(message)]) : undefined
}
