import { SimpleGrid, Stack, Text } from '@mantine/core'
import type { EventDetail } from '@palco/domain/catalog/event-detail'
import { formatDate, formatTime } from '@palco/domain/format/format'
import type { Locale } from '@palco/domain/locale/country'
import { useTranslation } from 'react-i18next'
import { MutedText } from '../../../components/ui/muted-text'

/** The event's date, the sign-up window and the venue, every time in the venue's zone (DESIGN §5). */
export function InscriptionFacts({ event, locale }: { event: EventDetail; locale: Locale }) {
  const { t } = useTranslation('inscriptions')
  const tz = event.venue.timeZone
  const at = (iso: string) =>
    t('detail.dateAndTime', { date: formatDate(iso, locale, tz), time: formatTime(iso, locale, tz) })
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: 3 }} spacing="md" m={0}>
      <Stack gap={2}>
        <Text component="dt" size="sm" fw={700}>
          {t('detail.eventDate')}
        </Text>
        <Text component="dd" m={0}>
          <time dateTime={event.startsAt} data-testid="event-time">
            {at(event.startsAt)}
          </time>{' '}
          <MutedText component="span" size="sm">
            ({t('detail.localTime')})
          </MutedText>
        </Text>
      </Stack>
      <Stack gap={2}>
        <Text component="dt" size="sm" fw={700}>
          {t('detail.window')}
        </Text>
        <Text component="dd" m={0} data-testid="sign-up-window">
          {t('detail.windowRange', { from: at(event.onSaleAt), to: at(event.offSaleAt) })}
        </Text>
      </Stack>
      <Stack gap={2}>
        <Text component="dt" size="sm" fw={700}>
          {t('detail.venue')}
        </Text>
        <Text component="dd" m={0} data-testid="event-venue">
          {event.venue.name}, {event.venue.city}
          {event.venue.address && (
            <MutedText component="span" size="sm" display="block">
              {event.venue.address}
            </MutedText>
          )}
        </Text>
      </Stack>
    </SimpleGrid>
  )
}
