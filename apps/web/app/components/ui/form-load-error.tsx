import { Alert } from '@mantine/core'
import { useTranslation } from 'react-i18next'

/**
 * A form's root error: its validation rules could not be fetched (lib/forms/lazy-resolver.ts), so nothing
 * was sent; the next try fetches them again. Announced as it appears.
 */
export function FormLoadError(props: { error: { message?: string | undefined } | undefined }) {
  const { t } = useTranslation('errors')
  if (!props.error?.message) return null
  return (
    <Alert color="red" variant="light" role="alert" data-error-code={props.error.message}>
      {t(`errors:codes.${props.error.message}`)}
    </Alert>
  )
}
