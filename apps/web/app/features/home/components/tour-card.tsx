import { Badge, Card, Image, Stack, Text } from '@mantine/core'
import type { TourCard as TourCardData } from '@palco/domain/catalog/event-card'
import { formatDate, formatMoney } from '@palco/domain/format/format'
import type { Locale } from '@palco/domain/locale/country'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import linked from '../../../components/ui/linked-card.module.css'
import { MutedText } from '../../../components/ui/muted-text'

export function TourCard({
  tour,
  locale,
  headingLevel = 3,
}: {
  tour: TourCardData
  locale: Locale
  /** 3 under a home section's h2; 2 on the tours page, directly under its h1. */
  headingLevel?: 2 | 3
}) {
  const { t } = useTranslation('home')
  const headingId = `tour-${tour.id}`
  const first = formatDate(tour.firstStartsAt, locale, tour.timeZone)
  const last = formatDate(tour.lastStartsAt, locale, tour.timeZone)
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
        <Image src={tour.imageUrl ?? '/images/placeholder.svg'} alt="" h={140} loading="lazy" />
      </Card.Section>
      <Stack gap={6} mt="sm" className={linked.body}>
        <div>
          <Badge variant="light">{t('tourBadge', { count: tour.dates })}</Badge>
        </div>
        <Text component={`h${headingLevel}`} fw={700} size="lg" id={headingId} lineClamp={2}>
          <Link
            to={`/checkout/tour/select?tour=${encodeURIComponent(tour.slug)}`}
            className={linked.stretched}
          >
            {tour.name}
          </Link>
        </Text>
        <Text size="sm">{first === last ? first : t('dateRange', { from: first, to: last })}</Text>
        <MutedText size="sm" lineClamp={2}>
          {tour.cities.join(' · ')}
        </MutedText>
        <Text fw={600} mt="auto" data-testid="price-from">
          {tour.priceFrom ? t('priceFrom', { price: formatMoney(tour.priceFrom, locale) }) : t('free')}
        </Text>
      </Stack>
    </Card>
  )
}
