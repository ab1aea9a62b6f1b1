import { Button } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { ApiError } from '../../../lib/api-client'

/**
 * AUTH0003 (no account) and AUTH0013 (pre-registered at the box office) both end in the registration
 * form, started with the email or phone already typed.
 */
export function NoAccountAction(props: { error: ApiError | null; onRegister: () => void }) {
  const { t } = useTranslation('auth')
  if (props.error?.code !== 'AUTH0003' && props.error?.code !== 'AUTH0013') return null
  return (
    <Button size="xs" variant="white" color="red" onClick={props.onRegister}>
      {t(props.error.code === 'AUTH0013' ? 'login.finishRegistration' : 'login.createAccount')}
    </Button>
  )
}
