import { Anchor, List, Stack, Text, Title } from '@mantine/core'
import type { EventCard } from '@palco/domain/catalog/event-card'
import type { Locale } from '@palco/domain/locale/country'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { MutedText } from '../../../components/ui/muted-text'
import { EventWhen } from './event-when'

/** What a season pass or bundle admits to, each linking to its own page. */
export function IncludedEvents({ events, locale }: { events: EventCard[]; locale: Locale }) {
  const { t } = useTranslation('catalog')
  if (events.length === 0) return null
  return (
    <Stack component="section" aria-labelledby="included-heading" gap="sm" data-testid="included-events">
      <Title order={2} id="included-heading" size="h3">
        {t('event.included.heading')}
      </Title>
      <Text>{t('event.included.lead', { count: events.length })}</Text>
      <List spacing="sm" listStyleType="none" withPadding={false}>
        {events.map((e) => (
          <List.Item key={e.id}>
            <Anchor component={Link} to={`/events/${encodeURIComponent(e.slug)}`} fw={600}>
              {e.name}
            </Anchor>
            <EventWhen startsAt={e.startsAt} timeZone={e.timeZone} locale={locale} size="sm" />
            <MutedText size="sm">
              {e.venueName}, {e.city}
            </MutedText>
          </List.Item>
        ))}
      </List>
    </Stack>
  )
}
