import { Alert, Anchor, Stack } from '@mantine/core'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { ApiError } from '../../lib/api-client'

/**
 * The translated text of a failed call's code (DESIGN §6, `errors:codes.<code>`), announced to screen
 * readers as it appears. An unknown code reads as the catalogue's UnknownException.
 */
export function ApiErrorAlert(props: {
  error: ApiError | null
  children?: ReactNode
  /** What the page knows that a text names (a presale's sponsor: `{{sponsor}}`). */
  values?: Record<string, string>
}) {
  const { t, i18n } = useTranslation()
  if (!props.error) return null
  const key = `errors:codes.${props.error.code}`
  const text = i18n.exists(key) ? t(key, props.values ?? {}) : t('errors:codes.UnknownException')
  return (
    <Alert color="red" variant="light" role="alert" data-error-code={props.error.code}>
      <Stack gap="xs" align="flex-start">
        <span>{text}</span>
        {props.error.next && (
          <Anchor component={Link} to={props.error.next} fw={600} data-testid="back-to-queue">
            {t('errors:backToQueue')}
          </Anchor>
        )}
        {props.children}
      </Stack>
    </Alert>
  )
}
