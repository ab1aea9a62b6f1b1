import { Anchor, List, Stack, Text, Title } from '@mantine/core'
import type { EventDetail } from '@palco/domain/catalog/event-detail'
import type { Locale } from '@palco/domain/locale/country'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { MutedText } from '../../../components/ui/muted-text'
import { EventWhen } from './event-when'

/** On a tour date's page: the tour's other dates, this one marked, and a way to the date chooser. */
export function TourDatesList(props: {
  tour: NonNullable<EventDetail['tour']>
  currentId: string
  locale: Locale
}) {
  const { t } = useTranslation('catalog')
  const { tour } = props
  return (
    <Stack component="section" aria-labelledby="tour-dates-heading" gap="sm" data-testid="tour-dates">
      <Title order={2} id="tour-dates-heading" size="h3">
        {t('event.tourDates.heading')}
      </Title>
      <List spacing="sm" listStyleType="none" withPadding={false}>
        {tour.dates.map((d) => (
          <List.Item key={d.id}>
            {d.id === props.currentId ? (
              <Text fw={600} aria-current="page">
                {d.city} · {t('event.tourDates.current')}
              </Text>
            ) : (
              <Anchor component={Link} to={`/events/${encodeURIComponent(d.slug)}`} fw={600}>
                {d.city}
              </Anchor>
            )}
            <EventWhen startsAt={d.startsAt} timeZone={d.timeZone} locale={props.locale} size="sm" />
            <MutedText size="sm">{d.venueName}</MutedText>
          </List.Item>
        ))}
      </List>
      <Anchor component={Link} to={`/checkout/tour/select?tour=${encodeURIComponent(tour.slug)}`}>
        {t('event.tourDates.seeAll')}
      </Anchor>
    </Stack>
  )
}
