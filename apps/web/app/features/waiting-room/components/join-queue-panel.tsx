import { Button, Stack, Text } from '@mantine/core'
import { formatDate, formatTime } from '@palco/domain/format/format'
import type { Locale } from '@palco/domain/locale/country'
import type { WaitingRoomInfo } from '@palco/domain/waiting-room/contract'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'

/** The event page's action when a waiting room guards the sale: the queue instead of the checkout. */
export function JoinQueuePanel({ info, locale }: { info: WaitingRoomInfo; locale: Locale }) {
  const { t } = useTranslation('waitingroom')
  return (
    <Stack gap="sm" data-testid="join-queue-panel">
      <Text fw={600}>{t('eventNotice')}</Text>
      {info.opensAt && (
        <Text size="sm">
          {t('opensAt', {
            date: formatDate(info.opensAt, locale, info.timeZone),
            time: formatTime(info.opensAt, locale, info.timeZone),
          })}
        </Text>
      )}
      <Button component={Link} to={`/waiting-room/${info.eventId}`} size="lg" data-testid="join-queue">
        {t('join')}
      </Button>
    </Stack>
  )
}
