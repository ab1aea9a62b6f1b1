import { Card, Group, Image, Stack, Text } from '@mantine/core'
import type { EventCard } from '@palco/domain/catalog/event-card'
import { formatDate, formatMoney, formatNumber, formatTime } from '@palco/domain/format/format'
import type { Locale } from '@palco/domain/locale/country'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import linked from '../../../components/ui/linked-card.module.css'
import { MutedText } from '../../../components/ui/muted-text'
import { inscriptionDetailPath } from '../model/categories'
import classes from './inscription-card.module.css'

/**
 * One open inscription in the list. Dates are in the venue's time zone (DESIGN §5); `placesLeft` is null
 * when a category has no stated capacity, and then nothing is said about places.
 */
export function InscriptionCard(props: {
  event: EventCard
  placesLeft: number | null
  locale: Locale
  priority?: boolean
}) {
  const { event, locale, placesLeft } = props
  const { t } = useTranslation('inscriptions')
  const headingId = `inscription-${event.id}`
  return (
    <Card
      withBorder
      padding="md"
      radius="md"
      className={linked.card}
      component="article"
      aria-labelledby={headingId}
      data-testid="inscription-card"
    >
      <Card.Section>
        <Image
          src={event.imageUrl ?? '/images/placeholder.svg'}
          alt=""
          h={140}
          loading={props.priority ? 'eager' : 'lazy'}
          fetchPriority={props.priority ? 'high' : 'auto'}
        />
      </Card.Section>
      <Stack gap={6} mt="sm" className={linked.body}>
        <Text component="h2" fw={700} size="lg" id={headingId} lineClamp={2}>
          <Link to={inscriptionDetailPath(event.slug)} className={linked.stretched}>
            {event.name}
          </Link>
        </Text>
        <Text size="sm">
          <time dateTime={event.startsAt}>
            {formatDate(event.startsAt, locale, event.timeZone)} ·{' '}
            {formatTime(event.startsAt, locale, event.timeZone)}
          </time>
        </Text>
        <MutedText size="sm">
          {event.venueName}, {event.city}
        </MutedText>
        <Group justify="space-between" align="baseline" gap="xs" mt="auto">
          <Text fw={600} data-testid="price-from">
            {event.priceFrom
              ? t('list.priceFrom', { price: formatMoney(event.priceFrom, locale) })
              : t('list.free')}
          </Text>
          {placesLeft !== null && (
            <Text
              size="sm"
              fw={600}
              className={placesLeft === 0 ? classes.full : classes.open}
              data-testid="places-left"
            >
              {placesLeft === 0
                ? t('list.full')
                : t('list.placesLeft', { count: placesLeft, places: formatNumber(placesLeft, locale) })}
            </Text>
          )}
        </Group>
      </Stack>
    </Card>
  )
}
