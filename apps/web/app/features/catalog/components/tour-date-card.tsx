import { Button, Card, Group, Stack, Text } from '@mantine/core'
import { checkoutPathOf } from '@palco/domain/catalog/checkout-path'
import type { TourDate } from '@palco/domain/catalog/event-detail'
import { formatMoney } from '@palco/domain/format/format'
import type { Locale } from '@palco/domain/locale/country'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { MutedText } from '../../../components/ui/muted-text'
import { EventWhen } from './event-when'

/**
 * One date of a tour on the date chooser: where, when (in that venue's zone), from how much, and onward —
 * for the box office, straight to selling it at the counter (`sellAt` gives the counter's twin of the
 * checkout path).
 */
export function TourDateCard({
  date,
  locale,
  sellAt,
}: {
  date: TourDate
  locale: Locale
  sellAt?: (checkoutPath: string) => string
}) {
  const counter = sellAt !== undefined
  const { t } = useTranslation('catalog')
  const headingId = `date-${date.id}`
  const onSale = date.saleState === 'ON_SALE'
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="article"
      aria-labelledby={headingId}
      data-testid="tour-date"
    >
      <Stack gap={6}>
        <Text component="h3" fw={700} size="lg" id={headingId}>
          {date.city}
        </Text>
        <EventWhen startsAt={date.startsAt} timeZone={date.timeZone} locale={locale} showZone />
        <MutedText size="sm">{date.venueName}</MutedText>
        <Text fw={600} data-testid="price-from">
          {date.priceFrom
            ? t('event.priceFrom', { price: formatMoney(date.priceFrom, locale) })
            : t('event.free')}
        </Text>
        <Group gap="sm" mt="xs">
          {!counter && (
            <Button
              component={Link}
              to={`/events/${encodeURIComponent(date.slug)}`}
              variant="default"
              aria-label={t('tourSelect.detailsOf', { city: date.city })}
            >
              {t('tourSelect.details')}
            </Button>
          )}
          {onSale ? (
            <Button
              component={Link}
              to={sellAt ? sellAt(checkoutPathOf(date)) : checkoutPathOf(date)}
              aria-label={t(counter ? 'tourSelect.sellFor' : 'tourSelect.buyFor', { city: date.city })}
            >
              {t(counter ? 'tourSelect.sell' : 'tourSelect.buy')}
            </Button>
          ) : (
            <Text size="sm">{t('tourSelect.notOnSale')}</Text>
          )}
        </Group>
      </Stack>
    </Card>
  )
}
