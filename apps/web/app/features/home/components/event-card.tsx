import { Badge, Card, Group, Image, Stack, Text } from '@mantine/core'
import type { EventCard as EventCardData } from '@palco/domain/catalog/event-card'
import { eventPathOf } from '@palco/domain/catalog/event-path'
import { formatDate, formatMoney, formatTime } from '@palco/domain/format/format'
import type { Locale } from '@palco/domain/locale/country'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import linked from '../../../components/ui/linked-card.module.css'
import { MutedText } from '../../../components/ui/muted-text'
import classes from './cards.module.css'

/** Dates are shown in the venue's time zone (DESIGN §5), whatever the visitor's clock says. */
/** `priority`: the first cards on screen load at once; they are the page's largest paint (Lighthouse LCP). */
export function EventCard(props: {
  event: EventCardData
  locale: Locale
  section: string
  priority?: boolean
}) {
  const { event, locale } = props
  const { t } = useTranslation('home')
  const headingId = `${props.section}-${event.id}`
  return (
    <Card
      withBorder
      padding="md"
      radius="md"
      className={linked.card}
      component="article"
      aria-labelledby={headingId}
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
        <Group gap={6}>
          <Badge variant="light">{t(`eventType.${event.type}`)}</Badge>
          {event.installmentsEnabled && (
            <Badge variant="outline" className={classes.paguitos}>
              {t('paguitosBadge')}
            </Badge>
          )}
        </Group>
        <Text component="h3" fw={700} size="lg" id={headingId} lineClamp={2}>
          <Link to={eventPathOf(event)} className={linked.stretched}>
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
        {event.includedEvents > 0 && (
          <Text size="sm">{t('includesEvents', { count: event.includedEvents })}</Text>
        )}
        <Text fw={600} mt="auto" data-testid="price-from">
          {event.priceFrom ? t('priceFrom', { price: formatMoney(event.priceFrom, locale) }) : t('free')}
        </Text>
      </Stack>
    </Card>
  )
}
