import { Button, Group, Text } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { type ApiError, isApiError } from '../../../lib/api-client'
import { useResendCooldown } from '../hooks/use-resend-cooldown'

/**
 * "Send the code again", disabled for the 30 s the server enforces between two codes to one address.
 * A LimitExceededException from the server (another tab, a reload) starts the same wait.
 */
export function ResendCode(props: {
  /** A code was sent just before this step showed, so the wait starts now. */
  initiallySent: boolean
  resend: () => Promise<unknown>
  onStart: () => void
  onError: (err: unknown) => ApiError
}) {
  const { t } = useTranslation('auth')
  const cooldown = useResendCooldown(props.initiallySent)
  const [sending, setSending] = useState(false)
  const [resent, setResent] = useState(false)
  const waiting = cooldown.secondsLeft > 0

  const onClick = async () => {
    props.onStart()
    setResent(false)
    setSending(true)
    try {
      await props.resend()
      cooldown.sentNow()
      setResent(true)
    } catch (err) {
      const error = props.onError(err)
      if (isApiError(error) && error.code === 'LimitExceededException') cooldown.sentNow()
    } finally {
      setSending(false)
    }
  }

  return (
    <div>
      <Group gap="xs" justify="space-between" wrap="wrap">
        <Text size="sm">{t('code.notReceived')}</Text>
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={onClick}
          disabled={waiting}
          loading={sending}
          data-testid="resend-code"
        >
          {waiting ? t('code.resendIn', { seconds: cooldown.secondsLeft }) : t('code.resend')}
        </Button>
      </Group>
      <Text size="sm" role="status">
        {resent ? t('code.resent') : ''}
      </Text>
    </div>
  )
}
