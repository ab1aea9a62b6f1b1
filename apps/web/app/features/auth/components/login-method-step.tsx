import { Button, Stack, Text } from '@mantine/core'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { CreateAccountLink } from './create-account-link'
import type { StepProps } from './step-props'

/** Spec §2 "login": how to log in — a code by phone or email, or the password — or create an account. */
export function LoginMethodStep({ send, autoFocus }: StepProps) {
  const { t } = useTranslation('auth')
  const first = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (autoFocus) first.current?.focus()
  }, [autoFocus])
  return (
    <Stack gap="sm">
      <Text>{t('login.lead')}</Text>
      <Button
        ref={first}
        size="md"
        fullWidth
        onClick={() => send({ type: 'choosePhoneCode' })}
        // The dialog's focus trap focuses this on opening, after this step's own effect has run.
        data-autofocus={autoFocus || undefined}
      >
        {t('login.byPhone')}
      </Button>
      <Button size="md" fullWidth variant="default" onClick={() => send({ type: 'chooseEmailCode' })}>
        {t('login.byEmail')}
      </Button>
      <Button size="md" fullWidth variant="default" onClick={() => send({ type: 'choosePassword' })}>
        {t('login.byPassword')}
      </Button>
      <Text ta="center" mt="sm">
        {t('login.newHere')}
      </Text>
      <CreateAccountLink send={send} size="md" />
    </Stack>
  )
}
