import { Alert, Button, Loader, Stack, Text, Title } from '@mantine/core'
import { checkoutPathOf } from '@palco/domain/catalog/checkout-path'
import { formatDate, formatTime } from '@palco/domain/format/format'
import type { Locale } from '@palco/domain/locale/country'
import type { WaitingRoomInfo, WaitingStatus } from '@palco/domain/waiting-room/contract'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { ApiErrorAlert } from '../../../components/ui/api-error-alert'
import { MutedText } from '../../../components/ui/muted-text'
import { useQueueStatus } from '../hooks/use-queue-status'

/**
 * The waiting page (issue 42 part 1): the fan's place and an estimate, refreshed every few seconds, and
 * "your turn" announced in an assertive live region (focus moves to the button that continues). One
 * column of text and full-width buttons, so it reads at 375 px; every action is a link or a button.
 */
export function WaitingPage({
  info,
  locale,
  loginPath,
}: {
  info: WaitingRoomInfo
  locale: Locale
  loginPath: string
}) {
  const { t } = useTranslation('waitingroom')
  const { status, error, checkedAt, joining, join } = useQueueStatus(info.eventId)
  const turn = useRef<HTMLAnchorElement>(null)
  useEffect(() => {
    if (status?.state === 'YOUR_TURN') turn.current?.focus()
  }, [status?.state])
  const tz = info.timeZone
  return (
    <Stack gap="lg" data-testid="waiting-room" data-state={status?.state ?? 'LOADING'}>
      <Stack gap={4}>
        <Title order={1}>{t('title')}</Title>
        <Text fw={600}>{info.eventName}</Text>
        <MutedText>{t('intro')}</MutedText>
        {info.opensAt && (
          <MutedText>
            {t('opensAt', {
              date: formatDate(info.opensAt, locale, tz),
              time: formatTime(info.opensAt, locale, tz),
            })}
          </MutedText>
        )}
      </Stack>
      {/* Announced when it changes: position and estimate politely, the turn at once. */}
      <div
        aria-live={status?.state === 'YOUR_TURN' ? 'assertive' : 'polite'}
        aria-atomic="true"
        data-testid="queue-announcer"
      >
        {status ? (
          <StatusText status={status} locale={locale} tz={tz} />
        ) : (
          <Loader size="sm" aria-label={t('joining')} />
        )}
      </div>
      <ApiErrorAlert error={error} />
      {status?.state === 'YOUR_TURN' && !status.signInToContinue && (
        <Button
          ref={turn}
          component={Link}
          to={checkoutPathOf(info)}
          size="lg"
          fullWidth
          data-testid="queue-continue"
        >
          {t('continue')}
        </Button>
      )}
      {status?.signInToContinue && (
        <Stack gap={4}>
          <Button ref={turn} component={Link} to={loginPath} size="lg" fullWidth data-testid="queue-sign-in">
            {t('signIn')}
          </Button>
          <MutedText size="sm">{t('signInHint')}</MutedText>
        </Stack>
      )}
      {status && ['TURN_USED', 'TURN_EXPIRED', 'NOT_IN_QUEUE'].includes(status.state) && (
        <Button
          onClick={() => void join()}
          loading={joining}
          variant="outline"
          fullWidth
          data-testid="queue-rejoin"
        >
          {t('rejoin')}
        </Button>
      )}
      {checkedAt && status?.state !== 'YOUR_TURN' && (
        <MutedText size="sm">
          {t('refreshed', { time: formatTime(checkedAt.toISOString(), locale, tz) })} · {t('keepOpen')}
        </MutedText>
      )}
    </Stack>
  )
}

function StatusText({ status, locale, tz }: { status: WaitingStatus; locale: Locale; tz: string }) {
  const { t } = useTranslation('waitingroom')
  const minutes = status.estimateSeconds === null ? null : Math.ceil(status.estimateSeconds / 60)
  return (
    <Stack gap="xs">
      <Text fw={700} size="lg" data-testid="queue-state">
        {t(`state.${status.state}`)}
      </Text>
      {status.position !== null && (
        <Text size="xl" fw={700} data-testid="queue-position">
          {t('position', { position: status.position })}
        </Text>
      )}
      {status.state === 'WAITING' && minutes !== null && (
        <Text data-testid="queue-estimate">
          {minutes <= 1 ? t('estimateSoon') : t('estimate', { count: minutes })}
        </Text>
      )}
      {status.paused && status.state !== 'YOUR_TURN' && (
        <Alert color="yellow" variant="light" data-testid="queue-paused">
          {t('paused')}
        </Alert>
      )}
      {status.turnEndsAt && (
        <Text>{t('turnEndsAt', { time: formatTime(status.turnEndsAt, locale, tz) })}</Text>
      )}
    </Stack>
  )
}
