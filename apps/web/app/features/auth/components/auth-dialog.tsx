import { Modal } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import type { Country } from '@palco/domain/locale/country'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { useAuthFlow } from '../hooks/use-auth-flow'
import type { EntryStep } from '../model/auth-flow'
import { AuthFlow, stepTitleKey } from './auth-flow'

/**
 * The login/registration dialog of spec §2 (also the profile's phone change, from `changePhoneNumber`).
 * Its title is the step's; Escape and the close button close it; on small screens it fills the screen so
 * the long registration form scrolls as a page. Each opening starts again from `entry`.
 */
export function AuthDialog(props: {
  opened: boolean
  onClose: () => void
  country: Country
  entry?: EntryStep
  /** A session began or the account changed (revalidate the page's data). */
  onSessionChange: () => void
}) {
  const { t } = useTranslation('auth')
  const entry = props.entry ?? 'login'
  const { state, send, restart } = useAuthFlow(entry)
  const small = useMediaQuery('(max-width: 36em)')
  const wasOpen = useRef(props.opened)
  useEffect(() => {
    if (props.opened && !wasOpen.current) restart(entry)
    wasOpen.current = props.opened
  }, [props.opened, restart, entry])

  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={t(stepTitleKey(state.step))}
      size="md"
      centered
      fullScreen={Boolean(small)}
      closeButtonProps={{ 'aria-label': t('dialog.close') }}
      data-testid="auth-dialog"
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <AuthFlow
        state={state}
        send={send}
        country={props.country}
        autoFocus
        onSessionChange={props.onSessionChange}
        onFinish={props.onClose}
      />
    </Modal>
  )
}
