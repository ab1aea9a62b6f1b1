import { Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { CreateAccountLink } from './create-account-link'
import { PasswordLoginForm } from './password-login-form'
import type { StepProps } from './step-props'

/** Spec §2 "old login": the email and password form. */
export function OldLoginStep({ state, send, autoFocus, onSessionChange }: StepProps) {
  const { t } = useTranslation('auth')
  return (
    <Stack gap="md">
      <PasswordLoginForm
        email={state.email}
        autoFocus={autoFocus}
        submitLabel={t('oldLogin.submit')}
        onLoggedIn={() => {
          onSessionChange()
          send({ type: 'loggedIn' })
        }}
        onUnconfirmed={(email) => send({ type: 'unconfirmed', email })}
        onForgotPassword={(email) => send({ type: 'startForgotPassword', email })}
      />
      <Text ta="center">{t('login.newHere')}</Text>
      <CreateAccountLink send={send} />
    </Stack>
  )
}
